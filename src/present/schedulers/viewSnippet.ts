/**
 * The Schedulers view's snippets: the tuned setting (or the closest), or the knob value the user
 * set with the scheduler's other settings as tuned, packed and judged as the view shows it; each
 * names the data it was tuned on (the loaded files or Prometheus source, or the bundled history).
 */
import type { KnobPoint, SchedulerAdvice } from '../../engine/index.ts';
import { adviceFacts, schedulerSnippets, type Snippet } from './snippets.ts';

export function viewSnippets(
  advice: SchedulerAdvice,
  mine: KnobPoint | null,
  data: string,
): Snippet[] {
  const facts = { ...adviceFacts(advice), data };
  if (!mine) return schedulerSnippets(facts);
  return schedulerSnippets({
    ...facts,
    settings: mine.settings,
    status: 'set',
    machines: mine.machines,
    judged: mine,
  });
}
