/** One machine of a packing: its total usage against the Gaussian GPA assumes, and their tails. */
import { useMemo } from 'react';
import type { PackResult } from '../../engine/index.ts';
import {
  machineHistogramSpec,
  survivalSpec,
  type MachineView,
} from '../../present/pack/machinePlots.ts';
import { formatCount, formatNumber, formatQ } from '../../present/format.ts';
import { PlotFigure } from '../PlotFigure.tsx';

export function MachinePlots({
  selected,
  machine,
  evaluated,
  rho,
  view,
  stale,
}: {
  selected: number;
  machine: PackResult['machines'][number];
  evaluated: number;
  rho: number | null;
  view: MachineView | null;
  stale: boolean;
}) {
  const histogram = useMemo(() => (view ? machineHistogramSpec(view) : null), [view]);
  const tail = useMemo(() => (view ? survivalSpec(view) : null), [view]);
  return (
    <div className="plots-2">
      <PlotFigure
        name={`machine-${selected + 1}-histogram`}
        title={`Machine ${selected + 1}: total demand over ${formatCount(evaluated)} evaluation columns vs the fitted Gaussian`}
        caption={`Grey: measured totals; blue: N(Σμ = ${formatNumber(machine.estimatedMean)}, Σσ² = ${formatNumber(machine.estimatedSd ** 2)}) from the observed columns; red: capacity${rho !== null ? '; orange: the Gaussian (1−ρ) percentile GPA compares with c' : ''}. q_j = ${formatQ(machine.q, evaluated)}.`}
        spec={histogram}
        stale={stale}
      />
      <PlotFigure
        name={`machine-${selected + 1}-tail`}
        title={`Machine ${selected + 1}: tail P(total > x), measured vs Gaussian (log scale)`}
        caption="Where the black step lies above the blue curve at the capacity line, the Gaussian underestimates overflows."
        spec={tail}
        stale={stale}
      />
    </div>
  );
}
