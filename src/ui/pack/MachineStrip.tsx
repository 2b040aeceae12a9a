/** The machines of a packing in opening order, as bars coloured by their own overflow frequency. */
import { memo } from 'react';
import { decimalOrNull, type PackResult } from '../../engine/index.ts';
import { formatFixed, formatQ } from '../../present/format.ts';
import { usePlot, type PlotModule } from '../lazyPlot.ts';

/** The drag's payload: a task's instance position, from a row of a machine's task table. */
export const TASK_DRAG_TYPE = 'application/x-slopack-task';

/** Bars are grey for the moment before the colour scale's code (Plot's) has arrived. */
const NOT_YET_COLOURED = '#d9d9d9';

/** Sequential, colour-blind-safe (ColorBrewer YlOrRd) on a log scale from 1/|E| to 1; q = 0 is the lightest. */
function qColorScale(Plot: PlotModule | null, evaluated: number) {
  if (!Plot) return () => NOT_YET_COLOURED;
  const scale = Plot.scale({
    color: { type: 'log', domain: [1 / evaluated, 1], scheme: 'ylorrd', clamp: true },
  });
  return (q: number) => (q === 0 ? '#ffffcc' : (scale.apply(q) as string));
}

/** Memoised: a drag's inputs, which leave the packing shown, do not redraw thousands of bars. */
export const MachineStrip = memo(function MachineStrip({
  result,
  capacity,
  selected,
  onSelect,
  side,
  testId = 'strip',
  onDropTask,
}: {
  result: PackResult;
  capacity: number;
  selected: number | null;
  onSelect: (j: number) => void;
  /** In an A/B comparison: which side this is (e.g. "A, pinned"). */
  side?: string;
  testId?: string;
  /** A task's row dropped on machine `to`: a hand move (none in an A/B comparison). */
  onDropTask?: (task: number, to: number) => void;
}) {
  const maxLoad = Math.max(capacity * 1.1, ...result.machines.map((m) => m.mean + m.sd));
  const colorForQ = qColorScale(usePlot(), result.evaluated);
  return (
    <section className="strip-section" aria-label={side ? `Machines, ${side}` : 'Machines'}>
      <h3>
        {side && <strong>{side}: </strong>}
        Machines, in opening order: bar = mean total demand (whisker ±σ), colour = own overflow
        frequency q_j; click one.
      </h3>
      <div
        className="strip"
        role="listbox"
        aria-label={side ? `Machines, ${side}` : 'Machines'}
        data-testid={testId}
      >
        <div
          className="strip-capacity"
          style={{ bottom: `${(capacity / maxLoad) * 100}%` }}
          title={`capacity c = ${capacity}`}
        />
        {result.machines.map((m, j) => (
          <button
            key={j}
            type="button"
            role="option"
            aria-selected={selected === j}
            className={`strip-bar${selected === j ? ' selected' : ''}`}
            onClick={() => onSelect(j)}
            onDragOver={
              onDropTask &&
              ((e) => {
                if (!e.dataTransfer.types.includes(TASK_DRAG_TYPE)) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
              })
            }
            onDrop={
              onDropTask &&
              ((e) => {
                const task = decimalOrNull(e.dataTransfer.getData(TASK_DRAG_TYPE));
                if (task === null || !Number.isInteger(task) || task < 0) return;
                e.preventDefault();
                onDropTask(task, j);
              })
            }
            data-machine={j + 1}
            aria-label={`Machine ${j + 1}: ${m.tasks.length} tasks, mean ${formatFixed(m.mean, 3)}, q ${formatQ(m.q, result.evaluated)}`}
            title={`Machine ${j + 1}\n${m.tasks.length} tasks\nmean ${formatFixed(m.mean, 3)}, σ ${formatFixed(m.sd, 3)}\nq_j = ${formatQ(m.q, result.evaluated)}`}
          >
            <span
              className="strip-fill"
              style={{
                height: `${(m.mean / maxLoad) * 100}%`,
                background: colorForQ(m.q),
              }}
            />
            <span
              className="strip-whisker"
              style={{
                bottom: `${((m.mean - m.sd) / maxLoad) * 100}%`,
                height: `${((2 * m.sd) / maxLoad) * 100}%`,
              }}
            />
          </button>
        ))}
      </div>
      <p className="legend-line">
        <span className="swatch" style={{ background: colorForQ(0) }} /> q_j = 0
        <span className="swatch" style={{ background: colorForQ(1e-3) }} /> 10⁻³
        <span className="swatch" style={{ background: colorForQ(1e-2) }} /> 10⁻²
        <span className="swatch" style={{ background: colorForQ(0.1) }} /> 10⁻¹
        <span className="swatch" style={{ background: colorForQ(1) }} /> 1
        <span className="capacity-key" /> capacity c
      </p>
    </section>
  );
});
