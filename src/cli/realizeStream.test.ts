/**
 * `realize` while the trace is read: on real wide CSVs the same bytes as the read-then-realize path
 * (the compact copy of the same samples goes that way), for 1 and 2 workers; `--tasks`; a bad row
 * found after blocks were written leaves the output path as it was; formats whose tasks may
 * interleave are read whole first.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { npyHeader } from '../engine/data/readers/npy.ts';
import { parseWideCsv, realize } from '../engine/index.ts';
import type { Options } from './args.ts';
import { realizeWhileReading, rowsPerBlock } from './commands/realizeStream.ts';
import { SHARED } from './testing/peer.ts';
import { runCli } from './main.ts';
import { cli } from './testing/reduce.ts';

const DATA = join(SHARED, 'data');
const PLANETLAB = join(DATA, 'planetlab-cloudsim/planetlab_20110303.csv');
const GCD = join(DATA, 'google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv');
const G = join(DATA, 'google-2011-task-usage');
const dir = mkdtempSync(join(tmpdir(), 'slopack-realize-stream-'));
/** Small enough blocks that a few hundred rows make several (1,048 rows at 4,000). */
const R = 4000;

const streamOptions = (data: string, extra: Options = {}): Options => ({
  data,
  realizations: R,
  seed: 7,
  'memory-budget': 8,
  ...extra,
});
const settings = (path: string, workers: number, tasks?: number) => ({
  path,
  tasks,
  realizations: R,
  seed: 7,
  workers,
  parallelFrom: 0,
});
const realizeArgs = ['--realizations', String(R), '--seed', '7'];

describe('realize while reading', () => {
  it.each([
    ['the PlanetLab day', PLANETLAB, ['--scale', '0.25']],
    ['the Google 2011 VMs', GCD, []],
  ])(
    '%s: the same bytes as read-then-realize (from the compact copy), 1 and 2 workers',
    async (_, data, dataArgs) => {
      const base = join(dir, `copy-${dataArgs.length}`);
      expect((await cli('inspect', '--data', data, ...dataArgs, '--out', base)).code).toBe(0);
      const before = join(dir, 'read-then-realize.npy');
      const compact = `${base}.json,${base}.npy`;
      const args = [...realizeArgs, '--workers', '1', '--out-inst', before];
      expect((await cli('realize', '--data', compact, ...args)).code).toBe(0);
      const expected = readFileSync(before);
      expect(expected.length).toBeGreaterThan(4 * R * rowsPerBlock(R));
      for (const workers of [1, 2]) {
        const path = join(dir, `streamed-${workers}.npy`);
        const extra = dataArgs.length ? { scale: 0.25 } : {};
        const r = await realizeWhileReading(streamOptions(data, extra), settings(path, workers));
        expect(r).toMatchObject({ written: true });
        expect(Buffer.compare(readFileSync(path), expected)).toBe(0);
      }
      expect(readdirSync(dir).filter((f) => f.includes('.partial-'))).toEqual([]);
    },
  );

  it('--tasks N writes the first N rows; more than the file has is refused, nothing left behind', async () => {
    const samples = parseWideCsv(readFileSync(PLANETLAB, 'utf8'), 'day', { scale: 0.25 });
    const full = realize(samples, R, 7, false).inst;
    const n = rowsPerBlock(R) + 3;
    const path = join(dir, 'first.npy');
    const r = await cli(
      'realize',
      '--data',
      PLANETLAB,
      '--scale',
      '0.25',
      ...realizeArgs,
      '--tasks',
      String(n),
      '--workers',
      '2',
      '--out-inst',
      path,
    );
    expect(r.code).toBe(0);
    const header = npyHeader('<f4', [n, R]);
    const bytes = readFileSync(path);
    expect(Buffer.compare(bytes.subarray(0, header.length), Buffer.from(header))).toBe(0);
    const rows = new Float32Array(bytes.buffer, bytes.byteOffset + header.length, n * R);
    expect(
      Buffer.compare(
        Buffer.from(rows.buffer, rows.byteOffset, rows.byteLength),
        Buffer.from(full.data.buffer, 0, 4 * n * R),
      ),
    ).toBe(0);
    const refused = join(dir, 'refused.npy');
    const tooMany = await realizeWhileReading(
      streamOptions(PLANETLAB, { scale: 0.25 }),
      settings(refused, 2, 5000),
    ).catch((e: Error) => e);
    expect(String(tooMany)).toMatch(/invalid --tasks 5000: the file has 1052 tasks/);
    expect(readdirSync(dir).filter((f) => f.startsWith('refused'))).toEqual([]);
  });

  it('a bad value after blocks were written: exit 1 naming the line, the old output kept', async () => {
    const rows = 3 * rowsPerBlock(R);
    const lines = ['id,t0,t1,t2,t3,t4,t5'];
    for (let i = 0; i < rows; i++) {
      const values = Array.from({ length: 6 }, (_, k) => (i * 7 + k * 13) % 100);
      if (i === rows - 10) values[3] = -1;
      lines.push(`task${i},${values.join(',')}`);
    }
    const csv = join(dir, 'late-bad.csv');
    writeFileSync(csv, lines.join('\n') + '\n');
    const path = join(dir, 'kept.npy');
    writeFileSync(path, 'an earlier result');
    const said: string[] = [];
    const args = ['--data', csv, ...realizeArgs, '--workers', '2', '--out-inst', path];
    const code = await runCli(['realize', ...args], { out: () => {}, err: (s) => said.push(s) });
    expect(code).toBe(1);
    expect(said.join('\n')).toMatch(
      new RegExp(`late-bad\\.csv.*line ${rows - 8}\\b.*"-1".*negative`),
    );
    expect(readFileSync(path, 'utf8')).toBe('an earlier result');
    expect(readdirSync(dir).filter((f) => f.startsWith('kept.npy.partial'))).toEqual([]);
  });

  it('Google 2011 task usage (a task’s rows anywhere in the file) is read whole first; 1 and 2 workers agree', async () => {
    const usage = join(G, 'task_usage_part-00000_first10000.csv');
    const events = join(G, 'task_events_part-00000_first20000.csv');
    const data = { events, 'min-records': 1 };
    const path = join(dir, 'google-streamed.npy');
    expect(await realizeWhileReading(streamOptions(usage, data), settings(path, 2))).toBeNull();
    const common = ['--data', usage, '--events', events, '--min-records', '1', ...realizeArgs];
    const one = join(dir, 'google-1.npy');
    const two = join(dir, 'google-2.npy');
    expect((await cli('realize', ...common, '--workers', '1', '--out-inst', one)).code).toBe(0);
    expect((await cli('realize', ...common, '--workers', '2', '--out-inst', two)).code).toBe(0);
    expect(Buffer.compare(readFileSync(one), readFileSync(two))).toBe(0);
  });
});
