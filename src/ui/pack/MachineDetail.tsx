/** A selected machine in Pack: its plots against its Gaussian and its tasks in placement order. */
import { Suspense, lazy, useState } from 'react';
import type { PackResult } from '../../engine/index.ts';
import { useExplorer, type ExplorerState } from '../../state/common/store/store.ts';
import { formatNumber } from '../../present/format.ts';
import type { TaskDecision } from '../../present/pack/decisions.ts';
import { TASK_DRAG_TYPE } from './MachineStrip.tsx';
import { taskMoments, type MachineTask, type MachineView } from '../../present/pack/machineView.ts';

/** The export helpers, loaded with the first export rather than with the first page. */
export const exportFiles = () => import('../exportFiles.ts');

export async function downloadRows(name: string, rows: readonly Record<string, unknown>[]) {
  (await exportFiles()).downloadCsv(name, rows);
}

// The plots of one machine wait for Plot's code (ui/lazyPlot.ts), off the first page.
const MachinePlots = lazy(() =>
  import('./MachinePlots.tsx').then((m) => ({ default: m.MachinePlots })),
);
const MoveTaskForm = lazy(() =>
  import('./HandMoves.tsx').then((m) => ({ default: m.MoveTaskForm })),
);
const DrawsFill = lazy(() => import('./DrawsFill.tsx').then((m) => ({ default: m.DrawsFill })));
const AlignedMachinePlot = lazy(() =>
  import('./AlignedMachinePlot.tsx').then((m) => ({ default: m.AlignedMachinePlot })),
);

export function MachineDetail({
  selected,
  machine,
  result,
  rho,
  view,
  stale,
  response,
  taskRows,
  decisions,
  busy,
  onWhy,
}: {
  selected: number;
  machine: PackResult['machines'][number];
  result: PackResult;
  rho: number | null;
  view: MachineView | null;
  stale: boolean;
  response: NonNullable<ExplorerState['pack']['response']>;
  taskRows: readonly MachineTask[];
  decisions: readonly TaskDecision[] | null;
  busy: boolean;
  onWhy: (step: number) => void;
}) {
  return (
    <div className="machine-detail" data-testid="machine-detail">
      <Suspense fallback={<div className="plots-2" />}>
        <MachinePlots
          selected={selected}
          machine={machine}
          evaluated={result.evaluated}
          rho={rho}
          view={view}
          stale={stale}
        />
        <AlignedMachinePlot {...response} machine={selected} stale={stale} />
      </Suspense>
      {view && <DrawsFillPanel machine={selected} view={view} />}
      <div className="task-table-wrap">
        <h3>
          Tasks on machine {selected + 1} ({machine.tasks.length}), in placement order
          <button
            type="button"
            onClick={() => void downloadRows(`machine-${selected + 1}-tasks`, taskRows)}
          >
            CSV
          </button>
        </h3>
        <Suspense fallback={null}>
          <MoveTaskForm machine={selected} machines={result.mAbs} tasks={taskRows} />
        </Suspense>
        <TaskTable rows={taskRows} decisions={decisions} busy={busy} onWhy={onWhy} />
      </div>
    </div>
  );
}

/** The animation of the draws filling the histogram, its code loaded when first opened. */
function DrawsFillPanel({ machine, view }: { machine: number; view: MachineView }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="draws-fill-panel"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary data-testid="draws-open">Watch the draws fill this histogram</summary>
      {open && (
        <Suspense fallback={<p className="hint">Loading…</p>}>
          <DrawsFill machine={machine} totals={view.totals} capacity={view.capacity} />
        </Suspense>
      )}
    </details>
  );
}

function TaskTable({
  rows,
  decisions,
  busy,
  onWhy,
}: {
  rows: readonly MachineTask[];
  decisions: readonly TaskDecision[] | null;
  busy: boolean;
  onWhy: (step: number) => void;
}) {
  const stats = useExplorer((s) => s.data.dataset?.samples);
  return (
    <table className="task-table">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">task</th>
          <th scope="col">sample mean</th>
          <th scope="col">sample σ</th>
          <th scope="col">why this machine{busy && ' (rebuilding the decisions…)'}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const { mean, sd } = taskMoments(stats?.inst, r.row);
          return (
            <tr
              key={r.position}
              draggable
              title="Drag onto a machine’s bar to move this task there"
              data-testid="task-row"
              onDragStart={(e) => {
                e.dataTransfer.setData(TASK_DRAG_TYPE, String(r.position));
                e.dataTransfer.effectAllowed = 'move';
              }}
            >
              <td>{r.position}</td>
              <td className="task-id">{r.id}</td>
              <td>{formatNumber(mean)}</td>
              <td>{formatNumber(sd)}</td>
              <td className="task-why">
                {decisions?.[r.position] && decisions[r.position].step > 0 && (
                  <>
                    <button
                      type="button"
                      data-testid="task-why"
                      aria-label={`Why task ${r.id} is on this machine: open step ${decisions[r.position].step}`}
                      onClick={() => onWhy(decisions[r.position].step)}
                    >
                      why
                    </button>{' '}
                    <small>{decisions[r.position].text}</small>
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
