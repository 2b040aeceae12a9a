/** First Fit (SPEC §6): the lowest-numbered open machine where the task fits, or −1. */
import type { Chooser } from './chooser.ts';

export const firstFit: Chooser = (machines, slackOn, slacks) => {
  for (let j = 0; j < machines.count; j++) {
    const s = slackOn(j);
    if (slacks) slacks[j] = s;
    if (s >= 0) {
      if (slacks) for (let k = j + 1; k < machines.count; k++) slacks[k] = slackOn(k);
      return j;
    }
  }
  return -1;
};
