/** The lesson on correlated tasks in the lesson list (its component: LessonCorrelation.tsx). */
export const CORRELATION_LESSON = {
  title: 'When tasks move together',
  text: 'Every q so far was measured on draws made independently per task, as the GPA paper does: each task’s sample at a column is drawn on its own. On a real cluster a machine runs its tasks at the same instants, and tasks that follow the same traffic or start at the same hour rise together. Replaying the data in time — every task’s own sample at each instant, summed per machine — measures the q the cluster would see. Here: 400 jobs of the Google 2011 trace (per-job series, scale 0.25), packed by Best Fit with GPA at ρ = 0.01.',
  tryThis:
    'Once revealed, open the packing in Pack to see which machines overflow in time and when.',
} as const;

/** The data the lesson replays: the Google 2011 per-job series, at the scale of the table. */
export const CORRELATION_DATA = { dataset: 'google-gcd-jobs', scale: 0.25, tasks: 400 } as const;
