/**
 * Which q Pack's headline shows: where the data have a time axis, the time-aligned one (the same
 * machines with every task at the same instants, what the cluster would see), with the
 * independent-draw q of the paper's method beside it; else the packing's own q (an aligned or block
 * packing's q is already in time). ρ's cell reads the same q. Beside it, the drift alarm when the
 * judged (or most recent) part of the history left the learned one. Loaded after the first page,
 * with the replay's code.
 */
import { useMemo } from 'react';
import type { PackResult } from '../../engine/index.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { alignedJudgement, datasetKeyOfPack } from '../../state/pack/replay.ts';
import { packDrift, type PackDrift } from '../../state/pack/drift.ts';
import { formatNumber, formatQ } from '../../present/format.ts';
import { Explain } from '../Explain.tsx';
import { plainLabel } from '../../present/glossary.ts';

export interface Shown {
  /** The q the headline reads, over `columns` columns. */
  readonly q: number;
  readonly columns: number;
  /** How q was measured. */
  readonly method: 'replayed' | 'independent' | 'aligned' | 'blocks';
  /** The independent-draw q beside a replayed headline (null otherwise). */
  readonly independent: { readonly q: number; readonly columns: number } | null;
}

export function useShownQ(result: PackResult, rows: Int32Array): Shown {
  const dataset = useExplorer((s) => s.data.dataset);
  const packed = useExplorer((s) => s.pack.params ?? s.params);
  const key = useExplorer((s) => s.pack.key);
  const { fit, capacity, realization } = packed;
  const replayed = useMemo(
    () => alignedJudgement(dataset, result, rows, { fit, capacity, realization }, key),
    [dataset, result, rows, fit, capacity, realization, key],
  );
  if (replayed)
    return {
      q: replayed.mean,
      columns: replayed.columns,
      method: 'replayed',
      independent: { q: result.q, columns: result.evaluated },
    };
  return { q: result.q, columns: result.evaluated, method: realization, independent: null };
}

function usePackDrift(): PackDrift | null {
  const dataset = useExplorer((s) => s.data.dataset);
  const packed = useExplorer((s) => s.pack.params ?? s.params);
  const key = useExplorer((s) => s.pack.key);
  const { realization, clairvoyance } = packed;
  return useMemo(
    () =>
      key !== null && datasetKeyOfPack(key) !== dataset?.key
        ? null
        : packDrift(dataset, { realization, clairvoyance }),
    [dataset, key, realization, clairvoyance],
  );
}

/** The drift alarm's sentence, when it fired. */
function DriftNotice() {
  const drift = usePackDrift();
  if (!drift?.report.fired) return null;
  const compared =
    drift.compared === 'judged'
      ? 'the judged instants against the learned ones'
      : 'the later half of the history against the earlier half';
  return (
    <dd
      className="notice notice-warning"
      role="status"
      data-testid="drift-notice"
      data-compared={drift.compared}
    >
      Drift ({compared}): {drift.report.message!.replace(/^drift: /, '')}
    </dd>
  );
}

/** The q cell's term: which q the headline reads (its "?" stays outside, never remounted). */
export function QTerm({ result, rows }: { result: PackResult; rows: Int32Array }) {
  const shown = useShownQ(result, rows);
  return <>overflow frequency{shown.method === 'replayed' && ' replayed in time'} (q)</>;
}

/** The q cell's values: q, the independent-draw q beside a replayed one, the drift alarm. */
export function QValues({ result, rows }: { result: PackResult; rows: Int32Array }) {
  const shown = useShownQ(result, rows);
  return (
    <>
      <dd data-testid="q" data-method={shown.method}>
        {formatQ(shown.q, shown.columns)}
      </dd>
      {/* Held when empty: the cell keeps its height from the first paint on. */}
      <dd className="hint" data-testid={shown.independent ? 'q-independent' : undefined}>
        {shown.independent ? (
          <>
            independent draws (the paper’s method):{' '}
            <span data-testid="q-independent-value">
              {formatQ(shown.independent.q, shown.independent.columns)}
            </span>
          </>
        ) : (
          '\u00a0'
        )}
      </dd>
      <DriftNotice />
    </>
  );
}

/** ρ's cell, with q's distance from it. */
export function RhoCell({
  result,
  rows,
  rho,
}: {
  result: PackResult;
  rows: Int32Array;
  rho: number;
}) {
  const shown = useShownQ(result, rows);
  const times = shown.q > 0 ? shown.q / rho : null;
  return (
    <div>
      <dt>
        {plainLabel('rho')}
        {times !== null && <Explain term="qVsRho" name={`q is ${timesText(times)} ρ`} />}
      </dt>
      <dd data-testid="rho-value">
        {rho}
        {times !== null && (
          <small className={times > 1 ? 'bad' : 'good'}>{` q is ${timesText(times)} ρ`}</small>
        )}
      </dd>
    </div>
  );
}

/** q as a multiple of ρ: "2×", "0.45×". */
export function timesText(times: number): string {
  return `${formatNumber(times, 2)}×`;
}
