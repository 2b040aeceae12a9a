import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARAMS,
  parseTaskList,
  placementCost,
  simulateTimeline,
  type TimelineParams,
} from './index.ts';

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

  it('Fig. 3: assignment 1 costs 160 machine-minutes and wastes 97 (65 + 30 + 2); FMF’s 110 and 47', () => {
    const t = fixture('fig3.csv');
    const start = new Float64Array(t.count);
    const one = placementCost(t, Int32Array.from([0, 0, 1, 1, 2]), start, 1);
    expect(minutes(one.machineSeconds)).toBe(160);
    expect(Array.from(one.wasteSeconds, minutes)).toEqual([65, 30, 2]);
    expect(minutes(one.machineSeconds - one.areaBoundSeconds)).toBe(97);
    const fmf = run('fig3.csv', { policy: 'fmf', window: 60 });
    const two = placementCost(t, fmf.machineOf, fmf.start, 1);
    expect(minutes(two.machineSeconds)).toBe(110);
    expect(minutes(two.machineSeconds - two.areaBoundSeconds)).toBe(47);
  });
});

describe('task-list CSV errors name the file, line and field', () => {
  const parse = (text: string) => () => parseTaskList(text, 'x.csv');
  it.each([
    ['id,arrival_s,duration_s\na,0,1\n', /x\.csv, line 1: missing column "cpu_frac"/],
    ['id,arrival_s,duration_s,cpu_frac,colour\n', /x\.csv, line 1: unknown column "colour"/],
    ['id,arrival_s,duration_s,cpu_frac\na,0,1,1.5\n', /x\.csv, line 2: field cpu_frac: "1\.5"/],
    ['id,arrival_s,duration_s,cpu_frac\na,0,1,0.5\na,1,1,0.5\n', /line 3: field id: duplicate "a"/],
    ['id,arrival_s,duration_s,cpu_frac\na,0,1\n', /line 2: expected 4 fields, got 3/],
    ['id,arrival_s,duration_s,cpu_frac\n', /x\.csv, line 1: no tasks/],
  ])('%j', (text, message) => expect(parse(text)).toThrow(message));

  it('reads the optional columns', () => {
    const t = parseTaskList(
      'id,arrival_s,duration_s,cpu_frac,mem_frac,est_duration_s\nb,2,10,0.5,0.1,12\n',
      'y.csv',
    );
    expect(Array.from(t.estimate)).toEqual([12]);
    expect(Array.from(t.memory!)).toEqual([0.1]);
  });
});
