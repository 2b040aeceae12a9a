/**
 * The schedulers whose admission rule is a fit test of the registry's group 'scheduler', with the
 * fields, units and defaults of their projects (each entry cites the files read).
 */
import type { SchedulerInfo } from './types.ts';

export const RULE_SCHEDULERS: readonly SchedulerInfo[] = [];
