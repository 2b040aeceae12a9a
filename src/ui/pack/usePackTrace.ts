/**
 * The current packing's decision trace with every task's deciding step: rebuilt in the worker pool
 * by Pack's wing runs (state/pack/extras.ts) once the step-through or a machine is open, checked
 * against the packing shown and kept per packing.
 */
import { useMemo } from 'react';
import type { PackTrace } from '../../engine/index.ts';
import { taskDecisions, type TaskDecision } from '../../present/pack/decisions.ts';
import { useOutcome } from '../../state/common/runs/keyedRuns.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { currentPacking, traceRuns, traceTooLarge } from '../../state/pack/extras.ts';
import { formatCount } from '../../present/format.ts';

export type PackTraceState =
  | { readonly status: 'idle' | 'running' }
  | { readonly status: 'error'; readonly message: string }
  | {
      readonly status: 'ready';
      readonly trace: PackTrace;
      readonly means: Float64Array;
      readonly labels: readonly string[];
      readonly decisions: readonly TaskDecision[];
    };

export function usePackTrace(wanted: boolean): PackTraceState {
  const key = useExplorer((s) => currentPacking(s)?.key ?? null);
  const response = useExplorer((s) => currentPacking(s)?.response ?? null);
  const packer = useExplorer((s) => s.params.packer);
  const ids = useExplorer((s) => s.data.dataset?.ids);
  const moved = useExplorer((s) => s.params.moves.length > 0);
  const outcome = useOutcome(traceRuns, key);
  const rebuilt = outcome?.status === 'ready' ? outcome.value : null;
  const ready = useMemo(
    () =>
      rebuilt && {
        status: 'ready' as const,
        trace: rebuilt.trace,
        means: rebuilt.means,
        labels: Array.from(rebuilt.rows, (r) => ids?.[r] ?? String(r)),
        decisions: taskDecisions(rebuilt.trace, rebuilt.rows.length, packer),
      },
    [rebuilt, ids, packer],
  );

  if (!key || !response) return { status: 'idle' };
  if (moved)
    return {
      status: 'error',
      message:
        'Tasks were moved by hand after this packing, so the packer’s decisions no longer describe it; undo the moves to step through them.',
    };
  if (traceTooLarge(response))
    return {
      status: 'error',
      message: `This packing is too large to step through (${formatCount(response.rows.length)} tasks on ${formatCount(response.result.mAbs)} machines); try fewer tasks.`,
    };
  if (ready) return ready;
  if (outcome?.status === 'error') return { status: 'error', message: outcome.error };
  return { status: wanted || outcome?.status === 'running' ? 'running' : 'idle' };
}
