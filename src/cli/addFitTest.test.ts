import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TUNE,
  FAMILIES,
  FAMILY_INFO,
  checkTuneSpec,
  fitFamily,
  fitNotation,
  parseFit,
  registerFit,
  runCalibration,
  runPacking,
  slackMeaning,
  summarize,
  sweepRuns,
  tailFits,
  WorkloadStats,
  type SweepRow,
} from '../engine/index.ts';
import { encodeNpy } from '../engine/data/readers/npy.ts';
import { parseWideCsv } from '../engine/data/readers/wide.ts';
import { realize } from '../engine/data/realize/realize.ts';
import { CUSHION_FIT, cushionSpec } from '../engine/fit/fixtures/cushion.ts';
import { instanceRows } from '../engine/tune/runs.ts';
import { dataPath } from '../ingest/testing.ts';
import { tradeoffPoints } from '../present/tradeoff/tradeoffPlots.ts';
import { fitFields, fitOptions } from '../state/common/store/fitFields.ts';
import { DEFAULT_PARAMS } from '../state/common/store/params.ts';
import { decode, encode } from '../state/common/link/url.ts';
import { helpText, parseOptions } from './args.ts';
import { pack } from './commands/pack/pack.ts';

// The throwaway fit test is one file (fixtures/cushion.ts) and this one registry line; nothing else
// names it, and each check below reads it where the app and the command line find fit tests.
registerFit(CUSHION_FIT);

const PLANETLAB = dataPath('planetlab-cloudsim/planetlab_20110303.csv');
let stats: WorkloadStats;
let dir: string;

beforeAll(() => {
  const samples = parseWideCsv(readFileSync(PLANETLAB, 'utf8'), 'planetlab_20110303.csv', {
    scale: 0.25,
    percent: true,
  });
  stats = new WorkloadStats(realize(samples, 300, 1, false));
  dir = mkdtempSync(join(tmpdir(), 'slopack-cushion-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a fit test added in one file and one registry line', () => {
  it('is in the command line: its --fit notation, its help, and a packing', () => {
    expect(fitNotation()).toMatch(/ or cushion:d$/);
    expect(helpText(pack.usage, pack.summary, pack.options)).toContain('cushion:d');
    expect(parseOptions(['--inst', 'x.npy', '--fit', 'cushion:0.2'], pack.options).fit).toBe(
      'cushion:0.2',
    );
    expect(() => parseOptions(['--fit', 'cushion:2'], pack.options)).toThrow(
      'invalid cushion: 2 (need 0 ≤ d ≤ 1)',
    );
    const { inst } = stats.workload;
    const file = join(dir, 'X.npy');
    writeFileSync(file, encodeNpy(inst.data.subarray(0, 200 * inst.cols), [200, inst.cols]));
    const lines: string[] = [];
    const options = parseOptions(['--inst', file, '--fit', 'cushion:0.1'], pack.options);
    pack.run(options, (line) => lines.push(line));
    const tight = JSON.parse(lines[0]) as { m_abs: number };
    pack.run({ ...options, fit: 'cushion:0' }, (line) => lines.push(line));
    const loose = JSON.parse(lines[1]) as { m_abs: number };
    expect(tight.m_abs).toBeGreaterThan(loose.m_abs);
  });

  it("is one of Pack's fit choices, with its parameter's input and slack meaning", () => {
    expect(fitOptions().map((o) => o.kind)).toContain('cushion');
    expect(fitOptions().find((o) => o.kind === 'cushion')?.label).toBe('cushion (μ + d)');
    expect(fitFields(cushionSpec(0.3)).map((f) => [f.key, f.value])).toEqual([['d', 0.3]]);
    expect(slackMeaning('cushion')).toBe('c − (Σ size + size)');
  });

  it('is on the Trade-off plot: in the grid beside the paper, as its own family', () => {
    const fits = tailFits().filter((f) => f.kind === ('cushion' as string));
    expect(fits).toEqual([cushionSpec(0.05), cushionSpec(0.1)]);
    const spec = {
      seed: 1,
      instances: 1,
      tasks: 150,
      fits,
      packers: ['bf'] as const,
      capacity: 1,
      clairvoyance: 1,
      source: 'inst' as const,
      rebalance: 0,
    };
    const rows = instanceRows(stats, { ...DEFAULT_TUNE, ...spec }, 0);
    const sweep: SweepRow[] = sweepRuns(spec).map((run) =>
      summarize(run, runPacking(stats, rows, run.params)),
    );
    const points = tradeoffPoints(sweep, stats.workload.inst.cols, cushionSpec(0.1));
    expect(points.map((p) => [p.fit, p.family, p.parameter, p.current])).toEqual([
      ['cushion:0.05', 'cushion d', 0.05, false],
      ['cushion:0.1', 'cushion d', 0.1, true],
    ]);
    expect(fitFamily(cushionSpec(0.2))).toEqual({ family: 'cushion d', parameter: 0.2 });
    expect(points[1].m).toBeGreaterThan(points[0].m);
  });

  it("is one of the tuner's families, and the calibration sweeps it", () => {
    expect(FAMILIES).toContain('cushion');
    expect(FAMILY_INFO.cushion).toMatchObject({
      label: 'cushion d',
      parameter: 'd',
      nominalSloMeaning: 'a cushion requests none',
    });
    const calibration = { ...DEFAULT_TUNE, instances: 2, tasks: 100, families: ['cushion'] };
    expect(() =>
      checkTuneSpec({ ...calibration, targets: [0.01] }, stats.workload.inst.rows),
    ).not.toThrow();
    const [curve] = runCalibration(stats, calibration);
    expect(curve.family).toBe('cushion');
    expect(curve.points.map((p) => p.value)).toEqual([0, 0.05, 0.1, 0.2]);
    // A larger cushion never uses fewer machines, nor overflows more often.
    for (let k = 1; k < curve.points.length; k++) {
      expect(curve.points[k].mAbs).toBeGreaterThanOrEqual(curve.points[k - 1].mAbs);
      expect(curve.points[k].q).toBeLessThanOrEqual(curve.points[k - 1].q);
    }
  });

  it('round-trips through a link, as the fit test and as a tuner family', () => {
    const params = {
      ...DEFAULT_PARAMS,
      fit: parseFit('cushion:0.25'),
      tuneFamily: 'cushion',
      tuneFamilies: ['gpa', 'cushion'],
    };
    const link = encode(params);
    expect(link).toContain('fit=cushion%3A0.25');
    expect(decode(link)).toEqual({ params, notices: [] });
  });
});
