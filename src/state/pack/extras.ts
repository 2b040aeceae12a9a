/**
 * What Pack shows beside the packing, computed in the worker pool after it lands: its exact q (and
 * the bracket P(S ≥ B)), each A/B side's exact q, and its decision trace once the step-through or a
 * machine is open. Pack's wing runs (`packRuns`) ask for them when the packing, the pin or the wish
 * for a trace changes; each is kept by packing key, so returning to Pack does not recompute.
 */
import { createStore } from 'zustand/vanilla';
import { DEFAULT_BIN, type PackTrace } from '../../engine/index.ts';
import type { PackResponse, PoolHandle, Runner } from '../../runtime/runner.ts';
import { keyedRuns } from '../common/runs/keyedRuns.ts';
import { packKey, packParams, pinnedSide, poolKey, type Params } from '../common/store/params.ts';
import type { Explorer } from '../common/store/store.ts';
import type { WingRun } from '../common/runs/wingRun.ts';
import { meanExactQ } from './exactQ.ts';

/** q = mean P(S > B) and its bracket mean P(S ≥ B), S a machine's total in bins of width w. */
interface ExactQ {
  readonly q: number;
  readonly atLeast: number;
}

/** A packing rebuilt with its decisions, checked against the one shown. */
interface RebuiltTrace {
  readonly trace: PackTrace;
  readonly means: Float64Array;
  readonly rows: PackResponse['rows'];
}

export const exactRuns = keyedRuns<ExactQ>(32);
export const abExactRuns = keyedRuns<number>(16);
export const traceRuns = keyedRuns<RebuiltTrace>(4);

/** Above this many recorded slacks (tasks × machines / 2) the trace is not rebuilt. */
const MAX_TRACE_SLACKS = 30_000_000;

export function traceTooLarge(response: PackResponse): boolean {
  return (response.rows.length * response.result.mAbs) / 2 > MAX_TRACE_SLACKS;
}

/** Whether the step-through was opened (a machine or a linked step asks for the trace too). */
const traceWish = createStore<{ readonly wanted: boolean }>()(() => ({ wanted: false }));

export function wantPackTrace(wanted: boolean): void {
  traceWish.setState({ wanted });
}

/** Whether the step-through was left open (it opens so again). */
export function packTraceWanted(): boolean {
  return traceWish.getState().wanted;
}

const wantsTrace = (p: Params) => traceWish.getState().wanted || p.step > 0 || p.machine !== null;

/** The packing shown, when it is the current parameters' (null while stale). */
export function currentPacking(s: Explorer): { key: string; response: PackResponse } | null {
  const { pack, params } = s;
  return pack.status === 'ready' && pack.response && pack.key === packKey(params)
    ? { key: pack.key, response: pack.response }
    : null;
}

export function readyPool(s: Explorer): PoolHandle | null {
  return s.pool.status === 'ready' && s.pool.key === poolKey(s.params) ? s.pool.handle : null;
}

function ensureExact(runner: Runner, s: Explorer): void {
  const packing = currentPacking(s);
  const pool = readyPool(s);
  if (!packing || !pool) return;
  const { capacity, clairvoyance } = s.params;
  exactRuns.ensure(packing.key, async (signal) => {
    // P(S ≥ B) = P(S > B − 1): the same convolution at capacity c − w (⌊(c − w)/w⌋ = B − 1).
    const over = (c: number) => meanExactQ(runner, pool, packing.response, c, clairvoyance, signal);
    const [q, atLeast] = await Promise.all([
      over(capacity),
      capacity > DEFAULT_BIN ? over(capacity - DEFAULT_BIN) : Promise.resolve(1),
    ]);
    return { q, atLeast };
  });
}

/** The A/B sides' keys (null: that side is not current). */
function abSideKeys(s: Explorer): { a: string | null; b: string | null } {
  const a = pinnedSide(s.params);
  const keyA = a ? packKey(a) : null;
  const { ab } = s;
  return {
    a: ab.status === 'ready' && ab.key === keyA && ab.response ? keyA : null,
    b: currentPacking(s)?.key ?? null,
  };
}

function ensureAbExact(runner: Runner, s: Explorer): void {
  const a = pinnedSide(s.params);
  if (!a) return;
  const keys = abSideKeys(s);
  const sides = [
    { key: keys.a, response: s.ab.response, pool: s.ab.pool, p: a },
    { key: keys.b, response: s.pack.response, pool: s.pool.handle, p: s.params },
  ];
  // One side at a time: a second ensure would supersede the first (the runs keep one in flight);
  // the first's outcome triggers this run again for the other.
  if (sides.some((x) => abExactRuns.outcome(x.key)?.status === 'running')) return;
  const next = sides.find((x) => x.key && x.response && x.pool && !abExactRuns.outcome(x.key));
  if (!next) return;
  const { response, pool, p } = next;
  abExactRuns.ensure(next.key!, (signal) =>
    meanExactQ(runner, pool!, response!, p.capacity, p.clairvoyance, signal),
  );
}

function ensureTrace(runner: Runner, s: Explorer): void {
  const packing = currentPacking(s);
  const pool = readyPool(s);
  if (!packing || !pool || !wantsTrace(s.params) || traceTooLarge(packing.response)) return;
  // The packer's decisions are not those of a packing moved by hand.
  if (s.params.moves.length) return;
  const { result, rows } = packing.response;
  const params = packParams(s.params);
  traceRuns.ensure(packing.key, async (signal) => {
    const [out] = await runner.runJob(pool, 'packTrace', { rows, params }, { signal });
    if (out.mAbs !== result.mAbs || out.q !== result.q)
      throw new Error('The rebuilt packing differs from the one shown, so its trace is not shown.');
    return { trace: out.trace, means: out.means, rows };
  });
}

/** Pack's runs beside the packing (the packing itself is the controller's pack step). */
export const PACK_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.pack, s.pool, s.params.capacity, s.params.clairvoyance],
    run: (runner, s) => ensureExact(runner, s),
  },
  {
    inputs: (s) => [s.ab, s.pack, s.pool, s.params.pinned, abExactRuns.store.getState().outcomes],
    run: (runner, s) => ensureAbExact(runner, s),
    triggers: [abExactRuns.store],
  },
  {
    inputs: (s) => [s.pack, s.pool, wantsTrace(s.params)],
    run: (runner, s) => ensureTrace(runner, s),
    triggers: [traceWish],
  },
];
