/**
 * The SLO per machine wherever Pack shows q: the worst machine and how many exceed the target beside
 * the paper's mean q; the same for the time-aligned replay of the packing when the data have a time
 * axis (with a warning when the two q differ by more than 2×); the split in time of an aligned
 * packing; every machine's q; and a machine's total over time beside the Gaussian its test assumed.
 */
import { useMemo } from 'react';
import { nominalTarget, type MachineSlo, type PackResult } from '../engine/index.ts';
import { useExplorer } from '../state/common/store.ts';
import {
  alignedJudgement,
  alignedOfDataset,
  datasetKeyOfPack,
  differsBy,
  packSlo,
  timeSplitText,
} from '../state/pack/replay.ts';
import { alignedTotalsSpec } from '../present/pack/alignedPlot.ts';
import { formatQ } from './format.ts';
import { PlotFigure } from './PlotFigure.tsx';

interface Packed {
  readonly result: PackResult;
  readonly rows: Int32Array;
}

/** The packing's per-machine figures and its aligned judgement, memoised on the packing. */
function usePackSlo({ result, rows }: Packed) {
  const params = useExplorer((s) => s.params);
  const dataset = useExplorer((s) => s.data.dataset);
  const packKey = useExplorer((s) => s.pack.key);
  const { fit, capacity, realization } = params;
  const own = useMemo(() => packSlo(result, { fit }), [result, fit]);
  const aligned = useMemo(
    () => alignedJudgement(dataset, result, rows, { fit, capacity, realization }, packKey),
    [dataset, result, rows, fit, capacity, realization, packKey],
  );
  return { own, aligned, params, dataset };
}

function overText(s: MachineSlo): string {
  return `${s.over} of ${s.q.length} over ${s.target}`;
}

/** The per-machine line under the headline. */
export function PackSloLine(props: Packed & { stale: boolean }) {
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
    <div className={`pack-slo${props.stale ? ' stale' : ''}`} data-testid="pack-slo">
      <p>
        <strong>Per machine</strong> ({mode}): worst q_j{' '}
        <span data-testid="q-worst">{formatQ(own.worst, evaluated)}</span> (machine{' '}
        {own.worstMachine + 1}); <span data-testid="q-over">{overText(own)}</span>.
      </p>
      {aligned && (
        <p data-testid="aligned-q-line">
          <strong>Replayed in time</strong> (the same machines, every task at the same instants,{' '}
          {aligned.columns.toLocaleString('en')} instants): q{' '}
          <span data-testid="q-aligned">{formatQ(aligned.mean, aligned.columns)}</span>, worst{' '}
          <span data-testid="q-aligned-worst">{formatQ(aligned.worst, aligned.columns)}</span>{' '}
          (machine {aligned.worstMachine + 1}); {overText(aligned)}.
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
}

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
  return (
    <details className="machine-q-table">
      <summary>Every machine’s q ({own.q.length})</summary>
      <table data-testid="machine-q-table">
        <thead>
          <tr>
            <th scope="col">machine</th>
            <th scope="col">q_j</th>
            {aligned && <th scope="col">q_j replayed in time</th>}
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
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/**
 * The selected machine's total over time: the replay's own totals when the packing is aligned
 * (its evaluation columns, in time order), else the same tasks summed at the data's instants.
 */
export function AlignedMachinePlot({
  result,
  rows,
  machine,
  stale,
}: Packed & { machine: number; stale: boolean }) {
  const params = useExplorer((s) => s.params);
  const totals = useExplorer((s) =>
    s.machine.key === `${s.pack.key}#${machine}` ? s.machine.totals : null,
  );
  const dataset = useExplorer((s) => s.data.dataset);
  const sameData = useExplorer((s) => datasetKeyOfPack(s.pack.key) === s.data.dataset?.key);
  const m = result.machines[machine];
  const view = useMemo(() => {
    if (!m || !sameData || params.realization === 'blocks') return null;
    const aligned = alignedOfDataset(dataset);
    if (typeof aligned === 'string') return null;
    let series: ArrayLike<number>;
    let first = 1;
    if (params.realization === 'aligned') {
      if (!totals) return null;
      series = totals;
      first = aligned.inst.cols - totals.length + 1;
    } else {
      const sum = new Float64Array(aligned.inst.cols);
      for (const t of m.tasks) {
        const row = aligned.inst.data.subarray(rows[t] * sum.length, (rows[t] + 1) * sum.length);
        for (let k = 0; k < sum.length; k++) sum[k] += row[k];
      }
      series = sum;
    }
    const target = nominalTarget(params.fit);
    return alignedTotalsSpec({
      totals: series,
      mean: m.estimatedMean,
      sd: m.estimatedSd,
      capacity: params.capacity,
      target,
      firstInstant: first,
    });
  }, [m, sameData, rows, totals, dataset, params.realization, params.fit, params.capacity]);
  if (!view) return null;
  return (
    <PlotFigure
      name={`machine-${machine + 1}-over-time`}
      title={`Machine ${machine + 1}: total over time, replayed at the data’s instants`}
      caption="Black: the machine’s total at each instant (red dots above the capacity); blue: the mean and the band mean ± z·σ of the Gaussian the fit test assumed (z for the target); red dashes: capacity. A run outside the band is the tasks moving together."
      spec={view}
      stale={stale}
    />
  );
}
