/**
 * The first page's packing, made at build time (scripts/firstPack.ts) by the engine the page runs,
 * on the prepared default dataset with the default parameters: the page shows it before its own
 * workers have realized the pool, then packs the same parameters itself and puts its own result in
 * its place. The two are the same numbers (the engine is deterministic in seed and parameters);
 * were they ever not, the page's own stays and a notice says so. The file is read like any input:
 * every number checked, the placement checked against the instance, or it is ignored.
 */
import type { MachineResult, PackResult } from '../../engine/index.ts';
import type { PackResponse } from '../../protocol/api.ts';
import type { ExplorerState } from '../common/store/store.ts';
import { packKey } from '../common/store/params.ts';

/** Where the build writes it, under the app's base. */
export const FIRST_PACK_FILE = 'data/prepared/first-pack.json';

interface FirstPack {
  /** The packKey of the parameters it was packed with. */
  readonly key: string;
  readonly response: PackResponse;
}

/** The file's text: typed arrays as plain arrays. */
export function encodeFirstPack(first: FirstPack): string {
  const { result, rows } = first.response;
  return JSON.stringify({
    key: first.key,
    rows: Array.from(rows),
    result: {
      ...result,
      machines: result.machines.map((m) => ({ ...m, tasks: Array.from(m.tasks) })),
    },
  });
}

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isShare = (v: unknown): v is number => isFiniteNumber(v) && v >= 0 && v <= 1;

function machineOf(v: unknown, instanceSize: number, evaluated: number): MachineResult | null {
  if (typeof v !== 'object' || v === null) return null;
  const m = v as Record<string, unknown>;
  const tasks = m.tasks;
  if (!Array.isArray(tasks) || tasks.length === 0) return null;
  if (!tasks.every((t) => isCount(t) && t < instanceSize)) return null;
  if (!isCount(m.overflows) || m.overflows > evaluated || !isShare(m.q)) return null;
  const figures = ['load', 'estimatedMean', 'estimatedSd', 'mean', 'sd'] as const;
  if (!figures.every((f) => isFiniteNumber(m[f]))) return null;
  return {
    tasks: Int32Array.from(tasks as number[]),
    overflows: m.overflows,
    q: m.q,
    load: m.load as number,
    estimatedMean: m.estimatedMean as number,
    estimatedSd: m.estimatedSd as number,
    mean: m.mean as number,
    sd: m.sd as number,
  };
}

/** The file's content as a packing, or null where anything in it is not what a packing holds. */
export function decodeFirstPack(json: unknown): FirstPack | null {
  if (typeof json !== 'object' || json === null) return null;
  const f = json as Record<string, unknown>;
  const rows: unknown = f.rows;
  if (typeof f.key !== 'string' || !Array.isArray(rows) || !rows.every(isCount)) return null;
  const r = f.result as Record<string, unknown> | null;
  if (typeof r !== 'object' || r === null || !Array.isArray(r.machines)) return null;
  if (!isCount(r.mAbs) || !isCount(r.mNorm) || !isCount(r.moves) || !isCount(r.evaluated))
    return null;
  if (!isFiniteNumber(r.m) || !isShare(r.q)) return null;
  if (!Array.isArray(r.oversized) || !r.oversized.every(isCount)) return null;
  const evaluated = r.evaluated;
  const machines = r.machines.map((m) => machineOf(m, rows.length, evaluated));
  if (machines.length !== r.mAbs || machines.some((m) => m === null)) return null;
  const placed = machines.reduce((n, m) => n + m!.tasks.length, 0);
  const distinct = new Set(machines.flatMap((m) => Array.from(m!.tasks)));
  if (placed !== rows.length || distinct.size !== placed) return null;
  const result: PackResult = {
    mAbs: r.mAbs,
    mNorm: r.mNorm,
    m: r.m,
    q: r.q,
    moves: r.moves,
    evaluated,
    oversized: r.oversized as number[],
    machines: machines as MachineResult[],
  };
  return { key: f.key, response: { result, rows: Int32Array.from(rows) } };
}

interface Store {
  getState(): ExplorerState;
  setState(patch: Partial<ExplorerState>): void;
}

/** Shows `first` when it is the current parameters' packing and none is shown yet. */
export function showFirstPack(store: Store, first: FirstPack | null): boolean {
  const { params, pack } = store.getState();
  if (!first || first.key !== packKey(params) || pack.status === 'ready') return false;
  store.setState({
    pack: {
      ...pack,
      status: 'ready',
      key: first.key,
      response: first.response,
      params,
      provisional: true,
    },
  });
  return true;
}

const asText = (r: PackResponse) => encodeFirstPack({ key: '', response: r });

/**
 * Whether the page's own packing of the shown first packing's parameters differs from it (the
 * caller keeps the page's own, and says so).
 */
export function differsFromShown(shown: ExplorerState['pack'], key: string, own: PackResponse) {
  return (
    !!shown.provisional &&
    shown.key === key &&
    !!shown.response &&
    asText(shown.response) !== asText(own)
  );
}
