/**
 * The lessons, in order: titles, texts, prompts and the links that open a lesson or its state in
 * Pack. A lesson's `step` in the link: 1 — the three tasks' machines (0: packed by means, else
 * 1 + bits); 2 — tasks in the sum; 3 — the candidate; 4 — the decision shown; 5 and 6 — unused (ρ
 * is the fit); 7 — arrivals played of Fig. 1 (0–6); pooling — tasks placed; moving together — the
 * prediction, +10 once revealed; the knob — the node's σ in ten-thousandths (0: the worked σ = 0.04).
 */
import { encode } from '../../state/common/link/url.ts';
import type { Params } from '../../state/common/store/params.ts';
import { KNOB_LESSON } from './knobLesson.ts';
import { POOLING_LESSON } from './poolingLesson.ts';
import { CORRELATION_LESSON } from './correlationLesson.ts';

interface LessonInfo {
  readonly title: string;
  readonly text: string;
  readonly tryThis: string;
}

export const LESSONS: readonly LessonInfo[] = [
  {
    title: 'Why averages lie',
    text: 'Tasks A and B always use half a machine; task C uses anything from nothing to a whole machine, half on average. By their means all three are the same size, so packing by means may put C beside a steady task, and that machine overflows whenever C needs more than half. Each machine below shows its usage over 10,000 draws and how often it exceeds its capacity of 1.',
    tryThis:
      'Move C to the other machine, then put B beside A. Which packing of the same two machines never overflows?',
  },
  {
    title: 'Sums become Gaussian',
    text: 'A machine’s load is the sum of its tasks’ demands. One task’s usage can have any shape, but the sum of many independent tasks looks more and more like a Gaussian, which is what GPA assumes. Add tasks from the dataset one at a time and watch the histogram of their total close in on the fitted bell curve.',
    tryThis:
      'Add tasks until the error of the Gaussian’s 99th percentile falls below 5 %. Does the Anderson–Darling test ever accept? (With 10,000 draws it notices tiny departures.)',
  },
  {
    title: 'The GPA fit test',
    text: 'GPA sees a machine as a Gaussian with the sum of its tasks’ means and variances. A candidate task fits when the probability that the new Gaussian exceeds the capacity, the shaded area, is at most the SLO ρ.',
    tryThis:
      'Pick a candidate that does not fit, then loosen ρ until it does. Which candidates fit even at ρ = 0.0001?',
  },
  {
    title: 'First Fit vs Best Fit, step by step',
    text: 'Tasks arrive one at a time. First Fit puts each on the lowest-numbered machine where it fits; Best Fit on the one where it fits most tightly (the smallest slack). When no machine fits, a new one opens; at the end, rebalancing tries to move early tasks to the last machine.',
    tryThis:
      'Go to the step where the two rules first disagree and switch between First Fit and Best Fit there: which machine does each take, and which slack decided it?',
  },
  {
    title: 'The price of an SLO',
    text: 'A tighter SLO (smaller ρ) costs machines; a looser one lets machines overflow more often. GPA promises that each machine overflows with probability at most ρ; the measured overflow frequency q says whether the promise holds.',
    tryThis:
      'Slide ρ from 0.3 down to 0.0001. Where does the measured q rise above the diagonal q = ρ, and what does the last factor of ten cost in machines?',
  },
  {
    title: 'Be the scheduler',
    text: 'Pack these 20 tasks on as few machines as you can while keeping the measured overflow frequency q at or below the target ρ. Each task shows its mean and spread; the score measures your machines over the realizations and compares them with Best Fit + GPA on the same tasks.',
    tryThis: 'Beat Best Fit + GPA: fewer machines with q ≤ ρ, or the same number with a lower q.',
  },
  {
    title: 'Waiting a little: online, semi-online, offline',
    text: 'Tasks arrive over time, and a machine is paid from its first task’s start to its last task’s end. Six tasks of half a machine arrive one second apart and run 3,000, 600 or 6,000 s (the semi-online paper’s Fig. 1, whose 50, 10 and 100 minutes these are: every time here is in seconds). Online First Fit places each as it comes; semi-online First Merged Fit waits 3 s and places the window’s tasks together, pairing tasks that end together; offline sees all six at once. Play the arrivals and watch each schedule’s machine-seconds.',
    tryThis:
      'Play to the end and compare the three schedules’ machine-seconds with the paper’s machine-minutes. Then slide the window on a day of 5,000 tasks, whose cost is read in machine-hours (3,600 machine-seconds each): where does waiting stop paying?',
  },
  POOLING_LESSON,
  CORRELATION_LESSON,
  KNOB_LESSON,
];

export const LESSON_COUNT = LESSONS.length;

export function lessonParams(params: Params, lesson: number, step = 0): Params {
  return { ...params, view: 'learn', lesson, step, guess: 0, hand: '', machine: null };
}

export function hrefOf(params: Params): string {
  return `?${encode(params)}`;
}
