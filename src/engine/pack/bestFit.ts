/** Best Fit (SPEC §6): among open machines where the task fits, the smallest slack; ties go low. */
import type { Chooser } from './chooser.ts';

export const bestFit: Chooser = (machines, slackOn, slacks) => {
  let best = -1;
  let bestSlack = Infinity;
  for (let j = 0; j < machines.count; j++) {
    const s = slackOn(j, bestSlack);
    if (slacks) slacks[j] = s;
    if (s >= 0 && s < bestSlack) {
      best = j;
      bestSlack = s;
    }
  }
  return best;
};
