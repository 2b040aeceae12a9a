import { useMemo } from 'react';
import { nominalTarget, type PackResult } from '../../engine/index.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import {
  alignedOfDataset,
  alignedTasksOfDataset,
  datasetKeyOfPack,
} from '../../state/pack/replay.ts';
import { alignedTotalsSpec } from '../../present/pack/alignedPlot.ts';
import { PlotFigure } from '../PlotFigure.tsx';

/**
 * The selected machine's total over time: the replay's own totals when the packing is aligned
 * (its evaluation columns, in time order), else the same tasks summed at the data's instants.
 */
export function AlignedMachinePlot({
  result,
  rows,
  machine,
  stale,
}: {
  readonly result: PackResult;
  readonly rows: Int32Array;
  readonly machine: number;
  readonly stale: boolean;
}) {
  const params = useExplorer((s) => s.params);
  const totals = useExplorer((s) =>
    s.machine.key === `${s.pack.key}#${machine}` ? s.machine.totals : null,
  );
  const dataset = useExplorer((s) => s.data.dataset);
  const sameData = useExplorer((s) => datasetKeyOfPack(s.pack.key) === s.data.dataset?.key);
  const m = result.machines[machine];
  const view = useMemo(() => {
    if (!m || !sameData || params.realization === 'blocks') return null;
    const aligned =
      params.realization === 'aligned' ? alignedOfDataset(dataset) : alignedTasksOfDataset(dataset);
    if (aligned === null || typeof aligned === 'string') return null;
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
