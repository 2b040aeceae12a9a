/**
 * Walk-forward advice on the data loaded: every family of the time-aligned tuner tuned on the
 * earlier half by walk-forward folds for every machine, the pick among them judged on the later
 * half, and the drift alarm beside it (state/tune/walk.ts). Runs on a click: it packs every family
 * at every grid value on every fold.
 */
import { useExplorer } from '../../state/common/store/store.ts';
import { cancelRun, startWalk, useTuneRuns, walkKey } from '../../state/tune/runs.ts';
import { ProgressBar } from '../ProgressBar.tsx';
import { useController } from '../controllerContext.ts';
import { TargetInput } from './TunerControls.tsx';
import { WalkResultView } from './WalkResult.tsx';

export function WalkPanel() {
  const { runner } = useController();
  const params = useExplorer((s) => s.params);
  const dataset = useExplorer((s) => s.data.dataset);
  const run = useTuneRuns((s) => s.walk);
  const result = run.result;
  const stale = result !== null && result.key !== walkKey(dataset, params);
  return (
    <section className="tune-panel" aria-label="Walk-forward advice" data-testid="walk">
      <div className="view-head">
        <p className="lede">
          Advice that must hold on the days after: the loaded history’s first half is cut into folds
          (learn days 1..k, judge day k + 1); each family keeps the most aggressive value whose
          worst machine meets q* on every fold, and the pick is the family with the fewest machines
          among those. It is then judged on the second half, which it never saw, with the drift
          alarm beside it.
        </p>
      </div>
      <div className="tune-controls">
        <TargetInput />
        <button
          type="button"
          data-testid="walk-run"
          disabled={run.status === 'running'}
          onClick={() => void startWalk(runner, dataset, params)}
        >
          {result && !stale ? 'Run again' : 'Run walk-forward'}
        </button>
      </div>
      {run.status === 'running' && (
        <ProgressBar
          label={run.progress?.label ?? 'Tuning'}
          done={run.progress?.done ?? 0}
          total={run.progress?.total ?? null}
          onCancel={() => cancelRun('walk')}
        />
      )}
      {run.status === 'error' && (
        <p className="error-text" role="alert">
          The walk-forward advice did not finish: {run.error}
        </p>
      )}
      {result && <WalkResultView r={result.value} stale={stale} />}
    </section>
  );
}
