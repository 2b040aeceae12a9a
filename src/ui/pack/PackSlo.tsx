/**
 * The SLO per machine wherever Pack shows q: the worst machine and how many exceed the target beside
 * the paper's mean q; the same for the time-aligned replay of the packing when the data have a time
 * axis (with a warning when the two q differ by more than 2×); the split in time of an aligned
 * packing; every machine's q; and a machine's total over time beside the Gaussian its test assumed.
 */
import { memo, useMemo, useState } from 'react';
import { machineVerdict, type MachineSlo, type PackResult } from '../../engine/index.ts';
import type { Params } from '../../state/common/store/params.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { alignedJudgement, differsBy, packSlo, timeSplitText } from '../../state/pack/replay.ts';
import { formatCount, formatFixed, formatQ } from '../../present/format.ts';

interface Packed {
  readonly result: PackResult;
  readonly rows: Int32Array;
  /** The parameters the packing was made with (not the newer ones a drag has moved on to). */
  readonly params: Params;
  /** The packing's key. */
  readonly packKey: string | null;
}

/** The packing's per-machine figures and its aligned judgement, memoised on the packing. */
function usePackSlo({ result, rows, params, packKey }: Packed) {
  const dataset = useExplorer((s) => s.data.dataset);
  const { fit, capacity, realization } = params;
  const own = useMemo(() => packSlo(result, { fit }), [result, fit]);
  const aligned = useMemo(
    () => alignedJudgement(dataset, result, rows, { fit, capacity, realization }, packKey),
    [dataset, result, rows, fit, capacity, realization, packKey],
  );
  return { own, aligned, params, dataset };
}

const VERDICT_CLASS = { holds: 'good', unproven: undefined, misses: 'bad' } as const;

function overText(s: MachineSlo): string {
  return `${s.over} of ${s.q.length} over ${s.target}`;
}

/** The per-machine line under the headline (memoised: a drag's inputs do not redo it). */
export const PackSloLine = memo(function PackSloLine(props: Packed) {
  const { own, aligned, params, dataset } = usePackSlo(props);
  const evaluated = props.result.evaluated;
  const split = timeSplitText(dataset, params, evaluated);
  const mode =
    params.realization === 'independent'
      ? 'independent draws'
      : params.realization === 'aligned'
        ? 'time-aligned replay'
        : `block bootstrap (B = ${params.block})`;
  const warn = aligned && differsBy(aligned.mean, own.mean);
  return (
    <div className="pack-slo" data-testid="pack-slo">
      <p>
        <strong>Per machine</strong> ({mode}): worst q_j{' '}
        <span data-testid="q-worst">{formatQ(own.worst, evaluated)}</span> (machine{' '}
        {own.worstMachine + 1}); <span data-testid="q-over">{overText(own)}</span>.
      </p>
      {aligned && (
        <p data-testid="aligned-q-line">
          <strong>Replayed in time</strong> (the same machines, every task at the same instants,{' '}
          {formatCount(aligned.columns)} instants): q{' '}
          <span data-testid="q-aligned">{formatQ(aligned.mean, aligned.columns)}</span>, worst{' '}
          <span data-testid="q-aligned-worst">{formatQ(aligned.worst, aligned.columns)}</span>{' '}
          (machine {aligned.worstMachine + 1}); {overText(aligned)}; 95 % upper bound (for
          autocorrelation) worst{' '}
          <span data-testid="q-aligned-bound">{formatFixed(aligned.upperWorst, 4)}</span>,{' '}
          <span data-testid="q-aligned-unproven">{aligned.unproven}</span> more not shown to hold.
        </p>
      )}
      {warn && (
        <p className="warning" role="status" data-testid="aligned-warning">
          ⚠ Replayed in time, q is {formatQ(aligned.mean, aligned.columns)}, not{' '}
          {formatQ(own.mean, evaluated)}: these tasks move together, and independent draws{' '}
          {aligned.mean > own.mean ? 'understate' : 'overstate'} the overflows.
        </p>
      )}
      {split && (
        <p className="hint" data-testid="time-split">
          {split}
        </p>
      )}
      <MachineQTable own={own} aligned={aligned} evaluated={evaluated} />
    </div>
  );
});

function MachineQTable({
  own,
  aligned,
  evaluated,
}: {
  own: MachineSlo;
  aligned: MachineSlo | null;
  evaluated: number;
}) {
  const setParams = useExplorer((s) => s.setParams);
  // Closed, it holds no rows: a drag's every packing would otherwise rebuild them unseen.
  const [open, setOpen] = useState(false);
  return (
    <details className="machine-q-table" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Every machine’s q ({own.q.length})</summary>
      {open && (
        <table data-testid="machine-q-table">
          <thead>
            <tr>
              <th scope="col">machine</th>
              <th scope="col">q_j</th>
              {aligned && <th scope="col">q_j replayed in time</th>}
              {aligned && <th scope="col">95 % bound</th>}
            </tr>
          </thead>
          <tbody>
            {own.q.map((q, j) => (
              <tr key={j}>
                <td>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setParams({ machine: j })}
                  >
                    {j + 1}
                  </button>
                </td>
                <td className={q > own.target ? 'bad' : undefined}>{formatQ(q, evaluated)}</td>
                {aligned && (
                  <td className={aligned.q[j] > aligned.target ? 'bad' : undefined}>
                    {formatQ(aligned.q[j], aligned.columns)}
                  </td>
                )}
                {aligned && (
                  <td
                    className={VERDICT_CLASS[machineVerdict(aligned, j)]}
                    title={`${machineVerdict(aligned, j)}: ${formatCount(Math.round(aligned.effective[j]))} independent instants`}
                  >
                    {formatFixed(aligned.upper[j], 4)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
