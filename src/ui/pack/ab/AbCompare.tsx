/**
 * A/B comparison in Pack: pin the current packing (side A), change anything, and the headline
 * shows both sides and their difference (machines, m, q, exact q) with the machine strips side by
 * side. The pinned side is in the link (`ab`), so a shared link shows the same comparison.
 */
import { useMemo } from 'react';
import { formatFit, type MachineSlo, type PackResult } from '../../../engine/index.ts';
import type { SidePoint } from '../../../present/tradeoff/tradeoffPlots.ts';
import {
  packKey,
  pinnedSide,
  PINNED_FIELDS,
  type Params,
} from '../../../state/common/store/params.ts';
import { useExplorer } from '../../../state/common/store/store.ts';
import { formatCount, formatFixed, formatQ, formatSigned } from '../../../present/format.ts';
import { replayedSlo } from '../../../state/pack/replay.ts';
import { MachineStrip } from '../MachineStrip.tsx';
import { formatExactQ } from '../ExactQ.tsx';
import { useExactQ } from './useExactQ.ts';
import './ab.css';

/** The A/B sides' packings as points for the trade-off plot (none unless both are current). */
export function useAbSides(): readonly SidePoint[] {
  const params = useExplorer((s) => s.params);
  const ab = useExplorer((s) => s.ab);
  const pack = useExplorer((s) => s.pack);
  return useMemo(() => {
    const a = pinnedSide(params);
    const resultA = a && ab.key === packKey(a) ? ab.response?.result : undefined;
    const resultB = pack.key === packKey(params) ? pack.response?.result : undefined;
    if (!resultA || !resultB) return [];
    return [
      { label: 'A', m: resultA.m, q: resultA.q },
      { label: 'B', m: resultB.m, q: resultB.q },
    ];
  }, [params, ab, pack]);
}

/** What differs between the sides, in words (e.g. "fit gpa:0.01 → gpa:0.001"). */
export function sideDifference(a: Params, b: Params): string {
  const show = (f: (typeof PINNED_FIELDS)[number], p: Params) =>
    f === 'fit'
      ? formatFit(p.fit)
      : f === 'upload'
        ? (p.upload?.names.join(', ') ?? '—')
        : String(p[f]);
  const changed = PINNED_FIELDS.filter((f) => show(f, a) !== show(f, b));
  return changed.length
    ? changed.map((f) => `${f} ${show(f, a)} → ${show(f, b)}`).join('; ')
    : 'the same parameters';
}

const signed = (x: number, digits: number) => formatSigned(x, (a) => formatFixed(a, digits));

function relative(b: number, a: number): string {
  if (a === 0) return '';
  return ` (${signed(((b - a) / a) * 100, 0)} %)`;
}

function Row({
  name,
  a,
  b,
  diff,
  testId,
}: {
  name: string;
  a: string;
  b: string;
  diff: string;
  testId: string;
}) {
  return (
    <tr data-testid={`ab-${testId}`}>
      <th scope="row">{name}</th>
      <td data-testid={`ab-${testId}-a`}>{a}</td>
      <td data-testid={`ab-${testId}-b`}>{b}</td>
      <td data-testid={`ab-${testId}-diff`}>{diff}</td>
    </tr>
  );
}

/** Both sides' machines replayed over every aligned instant, when either side is replayed. */
function useReplayedSides(params: Params) {
  const dataset = useExplorer((s) => s.data.dataset);
  const ab = useExplorer((s) => s.ab);
  const pack = useExplorer((s) => s.pack);
  return useMemo(() => {
    const a = pinnedSide(params);
    const responseA = a && ab.key === packKey(a) ? ab.response : null;
    const responseB = pack.key === packKey(params) ? pack.response : null;
    if (!a || !responseA || !responseB) return null;
    if (a.realization === 'independent' && params.realization === 'independent') return null;
    const sideA = replayedSlo(dataset, responseA.result, responseA.rows, a);
    const sideB = replayedSlo(dataset, responseB.result, responseB.rows, params);
    return sideA && sideB ? { a: sideA, b: sideB } : null;
  }, [params, dataset, ab, pack]);
}

/** The rows of the replayed figures: q, the worst machine and the machines over the target. */
function ReplayedRows({ a, b }: { a: MachineSlo; b: MachineSlo }) {
  const T = a.columns;
  return (
    <>
      <Row
        name={`q replayed in time (${formatCount(T)} instants)`}
        testId="q-aligned"
        a={formatQ(a.mean, T)}
        b={formatQ(b.mean, T)}
        diff={`${signed(b.mean - a.mean, 4)}${relative(b.mean, a.mean)}`}
      />
      <Row
        name="worst machine, replayed"
        testId="q-aligned-worst"
        a={formatQ(a.worst, T)}
        b={formatQ(b.worst, T)}
        diff={signed(b.worst - a.worst, 4)}
      />
      <Row
        name={`machines over ${a.target}, replayed`}
        testId="q-aligned-over"
        a={`${a.over} of ${a.q.length}`}
        b={`${b.over} of ${b.q.length}`}
        diff={signed(b.over - a.over, 0)}
      />
    </>
  );
}

function exactText(q: number | null) {
  return q === null ? 'computing…' : formatExactQ(q);
}

function Table({
  a,
  b,
  exactA,
  exactB,
  replayed,
}: {
  a: PackResult;
  b: PackResult;
  exactA: number | null;
  exactB: number | null;
  replayed: { a: MachineSlo; b: MachineSlo } | null;
}) {
  return (
    <table className="ab-table" data-testid="ab-table">
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">A (pinned)</th>
          <th scope="col">B (current)</th>
          <th scope="col">B − A</th>
        </tr>
      </thead>
      <tbody>
        <Row
          name="machines m_abs"
          testId="machines"
          a={String(a.mAbs)}
          b={String(b.mAbs)}
          diff={`${signed(b.mAbs - a.mAbs, 0)}${relative(b.mAbs, a.mAbs)}`}
        />
        <Row
          name="m = m_abs / m_norm"
          testId="m"
          a={formatFixed(a.m, 3)}
          b={formatFixed(b.m, 3)}
          diff={signed(b.m - a.m, 3)}
        />
        <Row
          name="overflow frequency q"
          testId="q"
          a={formatQ(a.q, a.evaluated)}
          b={formatQ(b.q, b.evaluated)}
          diff={`${signed(b.q - a.q, 4)}${relative(b.q, a.q)}`}
        />
        <Row
          name="exact q (convolution)"
          testId="exact-q"
          a={exactText(exactA)}
          b={exactText(exactB)}
          diff={
            exactA === null || exactB === null
              ? '…'
              : `${signed(exactB - exactA, 4)}${relative(exactB, exactA)}`
          }
        />
        {replayed && <ReplayedRows a={replayed.a} b={replayed.b} />}
      </tbody>
    </table>
  );
}

/** The comparison, when a side is pinned (nothing otherwise). */
export function AbCompare() {
  const params = useExplorer((s) => s.params);
  const ab = useExplorer((s) => s.ab);
  const pack = useExplorer((s) => s.pack);
  const setParams = useExplorer((s) => s.setParams);
  const a = pinnedSide(params);
  const keyA = a ? packKey(a) : null;
  const currentA = ab.status === 'ready' && ab.key === keyA ? ab.response : null;
  const currentB = pack.key === packKey(params) && pack.status === 'ready' ? pack.response : null;
  const exactA = useExactQ(currentA ? keyA : null);
  const exactB = useExactQ(currentB && a ? pack.key : null);
  const replayed = useReplayedSides(params);
  if (!a) return null;
  const resultA = ab.response?.result ?? null;
  const resultB = pack.response?.result ?? null;
  return (
    <section className="ab" aria-label="A/B comparison" data-testid="ab">
      <h3>
        A/B: <span data-testid="ab-difference">{sideDifference(a, params)}</span>
      </h3>
      {ab.status === 'error' && (
        <p className="error-text" role="alert">
          Side A: {ab.error}
        </p>
      )}
      {!resultA || !resultB ? (
        <p className="hint" role="status">
          Packing side A…
        </p>
      ) : (
        <>
          <Table a={resultA} b={resultB} exactA={exactA} exactB={exactB} replayed={replayed} />
          <div className="ab-strips">
            <MachineStrip
              result={resultA}
              capacity={a.capacity}
              selected={null}
              onSelect={() => undefined}
              side="A, pinned"
              testId="strip-a"
            />
            <MachineStrip
              result={resultB}
              capacity={params.capacity}
              selected={params.machine}
              onSelect={(j) => setParams({ machine: j })}
              side="B, current"
              testId="strip-b"
            />
          </div>
        </>
      )}
    </section>
  );
}
