/** One machine of a packing: its total usage against the Gaussian GPA assumes, and their tails. */
import { useMemo, useState } from 'react';
import { CAPACITY, textProblem, type PackResult } from '../../engine/index.ts';
import {
  machineHistogramSpec,
  survivalSpec,
  type MachineView,
} from '../../present/pack/machinePlots.ts';
import { draggedCapacity, overflowShare } from '../../present/pack/machineView.ts';
import { formatCount, formatNumber, formatPercent, formatQ } from '../../present/format.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { NumberBox } from '../SliderNumber.tsx';
import type { DragSetter } from '../plotDrag.ts';

/**
 * A capacity tried on this machine alone (dragged on its histogram or typed), for the machine view
 * it was tried on: another machine or packing starts again at the packing's capacity.
 */
function useWhatIfCapacity(view: MachineView | null) {
  const [tried, setTried] = useState<{ view: MachineView; c: number } | null>(null);
  const whatIf = tried && tried.view === view ? tried.c : null;
  const set = (c: number | null) => setTried(c === null || !view ? null : { view, c });
  const drag: DragSetter = (value) => {
    const c = draggedCapacity(value);
    if (c === null || c === whatIf || !view) return false;
    setTried({ view, c });
    return true;
  };
  return { whatIf, set, drag };
}

/** What the dragged capacity does to this machine, beside its q_j at the packing's capacity. */
function WhatIfLine(props: {
  selected: number;
  view: MachineView;
  whatIf: number | null;
  evaluated: number;
  q: number;
  set: (c: number | null) => void;
}) {
  const { view, whatIf } = props;
  const share = whatIf === null ? null : overflowShare(view.totals, whatIf);
  return (
    <div className="what-if" data-testid="what-if">
      <NumberBox
        label={`What-if capacity of machine ${props.selected + 1}`}
        value={whatIf ?? view.capacity}
        onChange={(c) => props.set(c === view.capacity ? null : c)}
        problem={(raw) => textProblem(CAPACITY, raw)}
        testId="what-if-capacity"
        className="field what-if-field"
      />
      <p role="status">
        {share === null ? (
          <>
            Drag the capacity line on the histogram (or type a capacity) to see how often this
            machine alone would overflow at another capacity; the packing is not redone.
          </>
        ) : (
          <>
            At c = {formatNumber(whatIf!)} this machine's totals exceed the capacity in{' '}
            <strong data-testid="what-if-share">{formatPercent(share, 2)}</strong> of{' '}
            {formatCount(props.evaluated)} columns (q_j = {formatQ(props.q, props.evaluated)} at the
            packing's c = {formatNumber(view.capacity)}). A what-if on this machine alone: the
            packing and Pack's capacity are unchanged.{' '}
            <button type="button" data-testid="what-if-reset" onClick={() => props.set(null)}>
              Back to c = {formatNumber(view.capacity)}
            </button>
          </>
        )}
      </p>
    </div>
  );
}

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
  const { whatIf, set, drag } = useWhatIfCapacity(view);
  const histogram = useMemo(
    () => (view ? machineHistogramSpec(view, undefined, whatIf) : null),
    [view, whatIf],
  );
  const tail = useMemo(() => (view ? survivalSpec(view) : null), [view]);
  return (
    <>
      <div className="plots-2">
        <PlotFigure
          name={`machine-${selected + 1}-histogram`}
          title={`Machine ${selected + 1}: total demand over ${formatCount(evaluated)} evaluation columns vs the fitted Gaussian`}
          caption={`Grey: measured totals; blue: N(Σμ = ${formatNumber(machine.estimatedMean)}, Σσ² = ${formatNumber(machine.estimatedSd ** 2)}) from the observed columns; red: capacity${rho !== null ? '; orange: the Gaussian (1−ρ) percentile GPA compares with c' : ''}. q_j = ${formatQ(machine.q, evaluated)}. Drag across the plot to try another capacity on this machine.`}
          spec={histogram}
          stale={stale}
          onDragX={view ? drag : undefined}
        />
        <PlotFigure
          name={`machine-${selected + 1}-tail`}
          title={`Machine ${selected + 1}: tail P(total > x), measured vs Gaussian (log scale)`}
          caption="Where the black step lies above the blue curve at the capacity line, the Gaussian underestimates overflows."
          spec={tail}
          stale={stale}
        />
      </div>
      {view && (
        <WhatIfLine
          selected={selected}
          view={view}
          whatIf={whatIf}
          evaluated={evaluated}
          q={machine.q}
          set={set}
        />
      )}
    </>
  );
}
