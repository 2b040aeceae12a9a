import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, parseTaskList, simulateTimeline, type TimelineParams } from './index.ts';

const fixture = (name: string) =>
  parseTaskList(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'), name);
const minutes = (s: number) => Math.round(s / 60);
const run = (name: string, p: Partial<TimelineParams>) =>
  simulateTimeline(fixture(name), { ...DEFAULT_PARAMS, ...p });

describe('worked examples of the semi-online paper (SPEC §12)', () => {
  it('Fig. 1: online FF 250, FMF with tw = 3 s 210, one window (offline) 160 machine-minutes', () => {
    expect(
      minutes(run('fig1.csv', { policy: 'ff', order: 'list', window: 0 }).machineSeconds),
    ).toBe(250);
    const fmf3 = run('fig1.csv', { policy: 'fmf', order: 'd', window: 3 });
    expect(minutes(fmf3.machineSeconds)).toBe(210);
    expect(fmf3.startDelayMax).toBeLessThanOrEqual(6);
    expect(minutes(run('fig1.csv', { policy: 'fmf', window: 10 }).machineSeconds)).toBe(160);
  });

  it('Fig. 3: FMF packs the four small tasks together: 110 machine-minutes, waste 47', () => {
    const r = run('fig3.csv', { policy: 'fmf', window: 60 });
    expect(minutes(r.machineSeconds)).toBe(110);
    expect(minutes(r.machineSeconds - r.areaBoundSeconds)).toBe(47);
  });
});
