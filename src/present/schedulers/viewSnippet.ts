/**
 * The Schedulers view's snippets: the tuned setting (or the closest), or the knob value the user
 * set with the scheduler's other settings as tuned, packed and judged as the view shows it.
 */
import type { KnobPoint, SchedulerAdvice } from '../../engine/index.ts';
import { adviceFacts, schedulerSnippets, type Snippet } from './snippets.ts';

export function viewSnippets(advice: SchedulerAdvice, mine: KnobPoint | null): Snippet[] {
  const facts = adviceFacts(advice);
  if (!mine) return schedulerSnippets(facts);
  return schedulerSnippets({
    ...facts,
    settings: mine.settings,
    status: 'set',
    machines: mine.machines,
    judged: mine,
  });
}
