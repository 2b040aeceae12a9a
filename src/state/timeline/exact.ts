/**
 * The per-window exact gap in the page: HiGHS (WebAssembly) loaded on demand with the URL Vite gave
 * its .wasm, then the engine's `exactWindowGaps` on the first small windows. It runs on the main
 * thread (pool jobs are synchronous and HiGHS loads asynchronously), so the windows are capped.
 */
import {
  exactWindowGaps,
  type TimelineParams,
  type TimelineTasks,
  type WindowGaps,
} from '../../engine/timeline/index.ts';

/** Windows of at most this many tasks are solved exactly (the paper's ODBP model). */
export const EXACT_MAX_TASKS = 12;
/** At most this many such windows, the first ones. */
export const EXACT_MAX_WINDOWS = 40;

export async function exactGaps(tasks: TimelineTasks, params: TimelineParams): Promise<WindowGaps> {
  const [{ default: wasmUrl }, { loadLpSolver }] = await Promise.all([
    import('highs/runtime?url'),
    import('../../runtime/lp.ts'),
  ]);
  const solver = await loadLpSolver(wasmUrl);
  return exactWindowGaps(tasks, params, solver, {
    maxTasks: EXACT_MAX_TASKS,
    maxWindows: EXACT_MAX_WINDOWS,
  });
}
