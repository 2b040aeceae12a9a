/**
 * The snippet of a tab: the scheduler's configuration at the knob's value, with the nodes and
 * worst-machine q it implies on the judged part as comments.
 */
import { FAMILY_INFO } from '../../engine/tune/families.ts';
import type { KnobPoint } from '../../state/schedulers/runs.ts';
import type { SchedulersSettings } from '../../state/schedulers/params.ts';
import type { KnobResult } from '../../state/schedulers/runs.ts';
import type { SchedulerTab } from '../../state/schedulers/tabs.ts';

export function schedulerSnippet(
  tab: SchedulerTab,
  value: number,
  s: SchedulersSettings,
  r: KnobResult,
  mine: KnobPoint | null,
): { name: string; text: string } {
  const judged = mine ?? r.tuned.judged;
  const lines = [
    `# ${tab.title}: ${FAMILY_INFO[tab.family].key} = ${value}`,
    judged
      ? `# on ${s.history}: ${judged.machines} machines, worst machine q ${judged.worst} (target ${s.target})`
      : `# on ${s.history}: no value meets the target ${s.target}`,
    `fit: ${tab.family}:${value}`,
  ];
  return { name: tab.title, text: lines.join('\n') + '\n' };
}
