import { describe, expect, it } from 'vitest';
import { LEARN_PARAMS } from '../../state/learn/params.ts';
import { KNOB_LESSON } from './knobLesson.ts';
import { LESSONS, LESSON_COUNT } from './lessons.ts';

describe('the lesson registry', () => {
  it('the link accepts exactly the lessons listed', () => {
    expect(LEARN_PARAMS.lesson.range?.max).toBe(LESSON_COUNT);
    expect(LEARN_PARAMS.lesson.range?.min).toBe(1);
  });

  it('lists each lesson once, the knob lesson among them', () => {
    expect(new Set(LESSONS.map((l) => l.title)).size).toBe(LESSONS.length);
    expect(LESSONS).toContain(KNOB_LESSON);
  });
});
