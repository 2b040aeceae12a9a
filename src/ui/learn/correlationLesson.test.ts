import { describe, expect, it } from 'vitest';
import { presetById } from '../../engine/index.ts';
import { LEARN_PARAMS } from '../../state/learn/params.ts';
import { CORRELATION_DATA, CORRELATION_LESSON } from './correlationLesson.ts';
import { LESSONS, LESSON_COUNT } from './lessons.ts';

describe('the lesson "When tasks move together"', () => {
  it('is in the registry, and the link accepts every registered lesson and no more', () => {
    expect(LESSONS).toContain(CORRELATION_LESSON);
    expect(LEARN_PARAMS.lesson.range!.max).toBe(LESSON_COUNT);
  });
  it('replays a bundled dataset with enough tasks', () => {
    expect(presetById(CORRELATION_DATA.dataset)!.tasks).toBeGreaterThanOrEqual(
      CORRELATION_DATA.tasks,
    );
  });
});
