/** The cluster over time (SPEC §12): policies, windows and duration error on a workload over time. */
import { useMemo } from 'react';
import { placementsCsv } from '../../engine/timeline/index.ts';
import { policyTable } from '../../present/timeline/summary.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import {
  cancelTimelineRun,
  compareKey,
  curvesKey,
  syncTimeline,
  useTimeline,
} from '../../state/timeline/runs.ts';
import { useController } from '../controllerContext.ts';
import { download, downloadCsv, downloadJson } from '../exportFiles.ts';
import { ProgressBar } from '../ProgressBar.tsx';
import { TimelineControls } from './TimelineControls.tsx';
import { TimelineResults } from './TimelineResults.tsx';
import './timeline.css';
import { formatFixed } from '../../present/format.ts';
import { ModelLink } from '../ModelLink.tsx';
import { TIMELINE_POLICY_NAMES } from '../../present/glossary.ts';
import { Code } from '../ModelLink.tsx';

function Headline() {
  const p = useExplorer((s) => s.params);
  const compare = useTimeline((s) => s.compare);
  const r = compare.result?.value.find((x) => x.params.policy === p.timelinePolicy);
  if (!r) return null;
  const fmt = (v: number, d = 2) => formatFixed(v, d);
  return (
    <p className="tl-headline" data-testid="timeline-headline">
      <Code code={p.timelinePolicy} name={TIMELINE_POLICY_NAMES[p.timelinePolicy]} /> at tw ={' '}
      {r.params.window} s:{' '}
      <strong data-testid="timeline-machine-hours">{fmt(r.machineSeconds / 3600)}</strong>{' '}
      machine-hours (lower bound{' '}
      <span data-testid="timeline-lower-bound">{fmt(r.lowerBoundSeconds / 3600)}</span>), peak{' '}
      {r.peakMachines} machines, {r.machineOpen.length} opened, start delay mean{' '}
      {fmt(r.startDelayMean)} s, max {fmt(r.startDelayMax)} s
      {r.qTime !== null && (
        <>
          , q_time <span data-testid="timeline-qtime">{formatFixed(r.qTime, 4)}</span>
        </>
      )}
      .
    </p>
  );
}

function Exports() {
  const p = useExplorer((s) => s.params);
  const compare = useTimeline((s) => s.compare);
  const workload = useTimeline((s) => s.workload.loaded);
  const curves = useTimeline((s) => s.curves.result?.value);
  const results = compare.result?.value;
  const selected = results?.find((x) => x.params.policy === p.timelinePolicy);
  return (
    <span className="view-actions">
      <button
        type="button"
        disabled={!results}
        onClick={() => results && downloadCsv('slopack-timeline-policies', policyTable(results))}
      >
        Policies CSV
      </button>
      <button
        type="button"
        disabled={!curves}
        onClick={() => curves && downloadCsv('slopack-timeline-curves', policyTable(curves))}
      >
        Curves CSV
      </button>
      <button
        type="button"
        disabled={!selected || !workload}
        onClick={() =>
          selected &&
          workload &&
          download(
            'slopack-timeline-placements.csv',
            new Blob([placementsCsv(workload.tasks, selected)], { type: 'text/csv' }),
          )
        }
      >
        Placements CSV
      </button>
      <button
        type="button"
        disabled={!selected}
        onClick={() =>
          selected &&
          downloadJson('slopack-timeline', {
            workload: workload?.label,
            policies: results && policyTable(results),
            curves: curves && policyTable(curves),
            result: selected,
          })
        }
      >
        Result JSON
      </button>
    </span>
  );
}

export function TimelineView() {
  const params = useExplorer((s) => s.params);
  const controller = useController();
  const workload = useTimeline((s) => s.workload);
  const compare = useTimeline((s) => s.compare);
  const curves = useTimeline((s) => s.curves);
  const wk = workload.loaded?.key ?? '';
  const compareStale = useMemo(
    () => compare.result?.key !== compareKey(params, wk),
    [compare.result, params, wk],
  );
  const curvesStale = useMemo(
    () => curves.result?.key !== curvesKey(params, wk),
    [curves.result, params, wk],
  );
  return (
    <div className="timeline-view" data-testid="timeline">
      <div className="view-head">
        <p className="lede">
          Tasks arrive, run and leave; every tw seconds the arrived tasks go to machines by a policy
          (the semi-online paper, <ModelLink section={12} />
          ). Machine-time counts each machine from its first task's start to its last task's end.
        </p>
        <Exports />
      </div>
      <TimelineControls />
      <p className="tl-workload" data-testid="timeline-workload">
        {workload.status === 'running' ? 'Loading the workload…' : workload.loaded?.label}
      </p>
      {workload.status === 'error' && (
        <p className="error-text" role="alert" data-testid="timeline-workload-error">
          {workload.error}
        </p>
      )}
      {compare.status === 'running' && (
        <ProgressBar
          label={compare.progress?.label ?? 'Simulating each policy'}
          done={compare.progress?.done ?? 0}
          total={compare.progress?.total ?? null}
          onCancel={() => cancelTimelineRun('compare')}
        />
      )}
      {compare.status === 'error' && (
        <p className="error-text" role="alert">
          {compare.error}
        </p>
      )}
      {(compare.status === 'idle' || curves.status === 'idle') && compare.key !== null && (
        <button type="button" onClick={() => void syncTimeline(controller.runner, params, true)}>
          Run again
        </button>
      )}
      <Headline />
      {compare.result && workload.loaded && (
        <TimelineResults
          tasks={workload.loaded.tasks}
          results={compare.result.value}
          curves={curves}
          compareStale={compareStale}
          curvesStale={curvesStale}
        />
      )}
    </div>
  );
}
