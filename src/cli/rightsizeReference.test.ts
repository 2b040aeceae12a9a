/**
 * slopack's and krr's requests of `rightsize --json` against an independent computation: a NumPy
 * script (testing/rightsize_reference.py) written from docs/rightsize.md's rule, reading the data
 * itself, on a history made here (replicas that move together and some that do not, as exported
 * Prometheus answers) and on a real bundled one (PlanetLab, 1,052 VMs, a day). The scale λ the
 * walk-forward replay chose is the command's (its folds are checked by the property every fold ≤
 * q*, engine/rightsize/rightsize.test.ts); everything else is recomputed. Tolerance: the JSON's rounding (half a
 * millicore in cores, half of 1e-4 in machines).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../engine/index.ts';
import { dataPath } from '../ingest/testing.ts';
import { inProcess } from './testing/run.ts';

const SCRIPT = resolve(import.meta.dirname, 'testing/rightsize_reference.py');
const INSTANTS = 480;
const CORES = 4;
const START = 1_700_000_000;
/** Pods by workload: web's replicas share a wave, db's ride the opposite one, the rest are noise. */
const GROUPS: Record<string, string[]> = {
  web: ['web-7d4b9c8f6-x2x5k', 'web-7d4b9c8f6-bq9zl', 'web-7d4b9c8f6-q7w4m'],
  db: ['db-0', 'db-1'],
  agent: ['agent-k2x9z'],
  'legacy-box': ['legacy-box'],
};
let dir: string;
let answers: string;

beforeAll(() => {
  const python = spawnSync('python3', ['-c', 'import numpy, scipy'], { encoding: 'utf8' });
  if (python.status !== 0)
    throw new Error(`python3 with numpy and scipy is needed: ${python.stderr}`);
  dir = mkdtempSync(join(tmpdir(), 'slopack-rightsize-ref-'));
  const rng = new Rng(4747);
  const result = Object.entries(GROUPS).flatMap(([app, pods]) =>
    pods.map((pod) => {
      const values = Array.from({ length: INSTANTS }, (_, k) => {
        const wave = Math.sin((2 * Math.PI * k) / 120);
        const level = app === 'web' ? 0.6 + 0.5 * wave : app === 'db' ? 0.5 - 0.3 * wave : 0.3;
        return Math.max(0, level + 0.25 * rng.nextFloat() + (rng.nextFloat() < 0.03 ? 1.2 : 0));
      });
      return {
        metric: { namespace: 'shop', pod, container: 'app' },
        values: values.map((v, k) => [START + 60 * k, v.toFixed(4)]),
      };
    }),
  );
  answers = join(dir, 'answers.json');
  writeFileSync(
    answers,
    JSON.stringify({ status: 'success', data: { resultType: 'matrix', result } }),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Report {
  unit: string;
  learned: { start: number; end: number };
  slopack: { lambda: number };
  workloads: { name: string; pods: number; requests: Record<string, number | null> }[];
}

/** The script's requests (machine units) per workload. */
function reference(config: Record<string, unknown>) {
  const out = execFileSync('python3', [SCRIPT], {
    input: JSON.stringify(config),
    encoding: 'utf8',
    timeout: 120_000,
  });
  return JSON.parse(out) as Record<string, { slopack: number; krr: number | null }>;
}

/** Every workload's slopack and krr request equal the script's within the JSON's rounding. */
function expectAgreement(
  report: Report,
  ref: ReturnType<typeof reference>,
  perUnit: number,
  rounding: number,
) {
  expect(report.workloads.map((w) => w.name).sort()).toEqual(Object.keys(ref).sort());
  for (const w of report.workloads) {
    const want = ref[w.name];
    expect(
      Math.abs(w.requests.slopack! - want.slopack * perUnit),
      `slopack ${w.name}: ${w.requests.slopack} against ${want.slopack * perUnit}`,
    ).toBeLessThanOrEqual(rounding / 2 + 1e-9);
    if (want.krr === null) expect(w.requests.krr, `krr ${w.name}`).toBeNull();
    else
      expect(
        Math.abs(w.requests.krr! - want.krr * perUnit),
        `krr ${w.name}: ${w.requests.krr} against ${want.krr * perUnit}`,
      ).toBeLessThanOrEqual(rounding / 2 + 1e-9);
  }
}

describe('slopack’s and krr’s requests against an independent NumPy computation', () => {
  it('on a history made here: replicas moving together, apart, and alone', async () => {
    const r = await inProcess(
      'rightsize',
      '--data',
      answers,
      '--cores-per-machine',
      String(CORES),
      '--learn',
      '0:0.5',
      '--json',
    );
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.unit).toBe('cores');
    expect(report.slopack.lambda).toBeGreaterThan(0);
    const ref = reference({
      format: 'prom-json',
      file: answers,
      cores: CORES,
      groups: GROUPS,
      learned: [report.learned.start, report.learned.end],
      capacity: 1,
      target: 0.01,
      lambda: report.slopack.lambda,
      min_request: 0.001 / CORES,
    });
    expectAgreement(report, ref, CORES, 1e-3);
    // The correlated replicas are charged above their own σ: web's request passes db's.
    expect(ref.web.slopack).toBeGreaterThan(ref.db.slopack);
  }, 120_000);

  it('on PlanetLab’s 1,052 VMs of 2011-03-03, each its own workload', async () => {
    const file = dataPath('planetlab-cloudsim/planetlab_20110303.csv');
    const r = await inProcess('rightsize', '--data', file, '--scale', '0.25', '--json');
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.unit).toBe('machines');
    expect(report.workloads).toHaveLength(1052);
    expect(report.workloads.every((w) => w.pods === 1)).toBe(true);
    expect(report.slopack.lambda).toBeGreaterThan(0);
    const ref = reference({
      format: 'planetlab',
      file,
      scale: 0.25,
      groups: null,
      learned: [report.learned.start, report.learned.end],
      capacity: 1,
      target: 0.01,
      lambda: report.slopack.lambda,
      min_request: 0.001,
    });
    expectAgreement(report, ref, 1, 1e-4);
  }, 240_000);
});
