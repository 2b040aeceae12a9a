/**
 * The Schedulers view's snippets: the knob tuned by the replay (its settings, verdict and figures,
 * with the one-shot packing as the fast screen) once the replay is in, else the one-shot tuned
 * setting (or the closest), or the knob value the user set with the scheduler's other settings as
 * tuned, packed and judged as the view shows it; each names the data it was tuned on (the loaded
 * files or Prometheus source, or the bundled history).
 */
import type { KnobPoint, SchedulerAdvice } from '../../engine/index.ts';
import { adviceFacts, schedulerSnippets, type ReplayFacts, type Snippet } from './snippets.ts';

/** The replay's tuning: its facts, and the project's fields at its chosen value. */
export interface ReplaySnippet extends Omit<ReplayFacts, 'screen'> {
  readonly settings: Readonly<Record<string, number>>;
}

export function viewSnippets(
  advice: SchedulerAdvice,
  mine: KnobPoint | null,
  data: string,
  replay: ReplaySnippet | null = null,
): Snippet[] {
  const facts = { ...adviceFacts(advice), data };
  if (mine)
    return schedulerSnippets({
      ...facts,
      settings: mine.settings,
      status: 'set',
      machines: mine.machines,
      judged: mine,
    });
  if (!replay) return schedulerSnippets(facts);
  const { settings, ...r } = replay;
  const screen = advice.tuned ?? advice.closest!;
  return schedulerSnippets({
    ...facts,
    settings,
    status: replay.verdict === 'tuned' ? 'tuned' : 'closest',
    replay: { ...r, screen: { value: screen.values[0], tuned: advice.tuned !== null } },
  });
}
