/** The per-window exact gap (HiGHS in the page), or the lower bound alone when it cannot load. */
import { useState } from 'react';
import type { TimelineResult, TimelineTasks, WindowGaps } from '../../engine/timeline/index.ts';
import { EXACT_MAX_TASKS, EXACT_MAX_WINDOWS, exactGaps } from '../../state/timeline/exact.ts';
import { formatFixed } from '../../present/format.ts';

type State =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running' }
  | { readonly kind: 'done'; readonly key: string; readonly gaps: WindowGaps }
  | { readonly kind: 'failed'; readonly key: string; readonly error: string };

export function ExactGap({ tasks, result }: { tasks: TimelineTasks; result: TimelineResult }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const key = JSON.stringify([tasks.source, tasks.count, result.params]);
  const lb = `${formatFixed(result.lowerBoundSeconds / 3600, 2)} machine-hours`;
  if (result.params.fit.kind !== 'size')
    return (
      <p className="hint">
        The exact per-window solver needs hard capacity on sizes; with GPA only the load lower bound
        ({lb}) is shown.
      </p>
    );
  const run = () => {
    setState({ kind: 'running' });
    exactGaps(tasks, result.params).then(
      (gaps) => setState({ kind: 'done', key, gaps }),
      (e: unknown) => setState({ kind: 'failed', key, error: String(e) }),
    );
  };
  const current = state.kind === 'done' || state.kind === 'failed' ? state.key === key : true;
  return (
    <section className="tl-exact" aria-label="Exact per-window gap">
      <p>
        Per-window lower bound: {lb}.{' '}
        <button
          type="button"
          data-testid="timeline-exact"
          disabled={state.kind === 'running'}
          onClick={run}
        >
          {state.kind === 'running'
            ? 'Solving…'
            : `Solve windows of ≤ ${EXACT_MAX_TASKS} tasks exactly (HiGHS, first ${EXACT_MAX_WINDOWS})`}
        </button>
      </p>
      {state.kind === 'done' && (
        <p data-testid="timeline-exact-gap" className={current ? '' : 'stale-text'}>
          {state.gaps.windows} windows solved: {result.params.policy.toUpperCase()} commits{' '}
          {formatFixed(state.gaps.policyObjective / 60, 1)} machine-minutes of expected time where
          the exact ODBP model needs {formatFixed(state.gaps.exactObjective / 60, 1)} (gap{' '}
          {state.gaps.policyObjective > 0
            ? formatFixed(
                (100 * (state.gaps.policyObjective - state.gaps.exactObjective)) /
                  state.gaps.policyObjective,
                1,
              )
            : '0.0'}{' '}
          %).{!current && ' (for earlier parameters)'}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="error-text" role="alert">
          HiGHS did not load or solve here ({state.error}); only the lower bound above is shown.
        </p>
      )}
    </section>
  );
}
