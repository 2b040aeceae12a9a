/**
 * Resize (SPEC §13, the VISBP paper): VMs whose sizes change every five minutes, placed by VISBP
 * or a baseline on predicted sizes; machines, migrations and hot spots (from actual usage) over
 * time, a Pareto sweep over policies and parameters, and the step-by-step replay of VISBP.
 */
import { useCallback, useMemo } from 'react';
import {
  activeSpec,
  hotSpotsSpec,
  migrationsSpec,
  stepData,
  totalsRows,
} from '../../present/resize/plots.ts';
import { cancelResize, syncResize, useResizeRuns } from '../../state/resize/runs.ts';
import { RESIZE_WORKLOADS, resizeRunKey, type ResizeParams } from '../../state/resize/params.ts';
import { explorer, useExplorer } from '../../state/common/store/store.ts';
import { useController } from '../controllerContext.ts';
import { downloadCsv, downloadJson } from '../exportFiles.ts';
import { formatCount, formatNumber } from '../../present/format.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { ProgressBar } from '../ProgressBar.tsx';
import { MachineView } from './MachineView.tsx';
import { ParetoPanel } from './ParetoPanel.tsx';
import { ResizeControls } from './ResizeControls.tsx';
import './resize.css';
import { setFromPlayback, type Frame } from '../playback.ts';

export function useResizeSetter(): (patch: Partial<ResizeParams>, frame?: Frame) => void {
  return useCallback((patch, frame) => {
    const s = explorer.getState();
    setFromPlayback({ resize: { ...s.params.resize, ...patch } }, frame);
  }, []);
}

const fmt = (v: number) => (Number.isInteger(v) ? formatCount(v) : formatNumber(v, 5));

function RunSection({ r }: { r: ResizeParams }) {
  const data = useResizeRuns((s) => s.data);
  const run = useResizeRuns((s) => s.run);
  const workload = data.result?.key === r.workload ? data.result.value : null;
  const key = resizeRunKey(r);
  const result = run.result;
  const stale = result !== null && result.key !== key;
  const steps = useMemo(
    () =>
      result?.value.series && workload ? stepData(result.value.series, workload.stepHours) : null,
    [result, workload],
  );
  const rows = result ? totalsRows(result.value.totals) : null;
  const placeholder =
    run.status === 'error' ? `The run failed: ${run.error}` : 'Simulating the policy…';
  return (
    <>
      {run.status === 'running' && (
        <ProgressBar
          label="Simulating the policy"
          done={null}
          total={null}
          onCancel={() => cancelResize('run')}
        />
      )}
      {run.status === 'error' && (
        <p className="notice notice-error" role="alert">
          {run.error}
        </p>
      )}
      {rows && result && (
        <div className={`resize-totals${stale ? ' stale' : ''}`}>
          <table data-testid="resize-totals" tabIndex={0}>
            <caption>Totals of the run shown</caption>
            <tbody>
              {rows.map((row) => (
                <tr key={row.quantity}>
                  <th scope="row">{row.quantity}</th>
                  <td data-testid={`resize-total-${row.quantity.split(' ')[0]}`}>
                    {fmt(row.value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="view-actions">
            <button type="button" onClick={() => downloadCsv('slopack-resize-totals', rows)}>
              Totals CSV
            </button>
            <button
              type="button"
              disabled={!steps}
              onClick={() => steps && downloadCsv('slopack-resize-steps', steps)}
            >
              Steps CSV
            </button>
            <button
              type="button"
              onClick={() =>
                downloadJson('slopack-resize-run', { parameters: r, totals: result.value.totals })
              }
            >
              JSON
            </button>
          </div>
        </div>
      )}
      <div className="plots-2">
        <PlotFigure
          name="resize-active"
          title="Active machines over time"
          spec={steps ? activeSpec(steps) : null}
          stale={stale}
          placeholder={placeholder}
        />
        <PlotFigure
          name="resize-migrations"
          title="Migrated VMs per step"
          caption="A movement moves one item or one VISBP group of T-items; migrations count VMs."
          spec={steps ? migrationsSpec(steps) : null}
          stale={stale}
          placeholder={placeholder}
        />
        <PlotFigure
          name="resize-hotspots"
          title="Hot spots over time (actual usage)"
          caption={`Machines whose actual usage exceeds ${r.hot} in a step (policies see predicted sizes).`}
          spec={steps ? hotSpotsSpec(steps) : null}
          stale={stale}
          placeholder={placeholder}
        />
      </div>
    </>
  );
}

export function ResizeView() {
  const { runner } = useController();
  const r = useExplorer((s) => s.params.resize);
  const set = useResizeSetter();
  const data = useResizeRuns((s) => s.data);
  const workload = data.result?.key === r.workload ? data.result.value : null;
  return (
    <div className="layout resize-layout">
      <ResizeControls r={r} set={set} />
      <main id="main" className="content" data-testid="view-resize">
        <div className="view-head">
          <p className="lede">
            <strong>Live resizing.</strong> VM demand changes every five minutes; a policy places
            VMs by <em>predicted</em> sizes and we measure hot spots on <em>actual</em> usage. VISBP
            (Song et al., IEEE TC 2014) moves at most a few items per event and stays within 3/2 of
            the optimum; repacking uses fewer machines but migrates far more.{' '}
            {RESIZE_WORKLOADS[r.workload]}
            {workload ? ` — ${workload.usage.length} VMs × ${workload.steps} steps loaded.` : '.'}
          </p>
        </div>
        {data.status === 'running' && (
          <ProgressBar
            label={data.progress?.label ?? 'Loading the workload'}
            done={data.progress?.done ?? null}
            total={data.progress?.total ?? null}
            onCancel={() => cancelResize('data')}
          />
        )}
        {data.status === 'error' && (
          <p className="notice notice-error" role="alert">
            The workload could not be loaded: {data.error}{' '}
            <button
              type="button"
              onClick={() => void syncResize(runner, r, () => explorer.getState().params.resize)}
            >
              Retry
            </button>
          </p>
        )}
        <RunSection r={r} />
        <ParetoPanel r={r} workload={workload} />
        <MachineView r={r} set={set} />
      </main>
    </div>
  );
}
