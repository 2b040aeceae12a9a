/**
 * One set of decompression limits for every streamed input: a gzip file, a zip member, a tar
 * member, blank lines; each stops with a message naming the file, after a bounded read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DataError, LineReader, type LoadSpec } from '../engine/index.ts';
import { loadDataset } from './load.ts';
import { bytesInput } from './stream.ts';
import { tarGz } from '../cli/testing/bitbrainsLayout.ts';

const SHARED = '/work/shared';
const WIDE: LoadSpec = { format: 'wide', unit: 'percent', scale: 0.25 };
const CPU = readFileSync(join(SHARED, 'data/google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv'));

/** Rows of the CPU file's shape under new ids, `bytes` of them: text that gzips ~ 80× (no header). */
function uniqueRows(bytes: number, prefix = 't'): Buffer {
  const row = CPU.toString('latin1', CPU.indexOf(10) + 1, CPU.indexOf(10, CPU.indexOf(10) + 1) + 1);
  const rest = row.slice(row.indexOf(','));
  const parts: string[] = [];
  for (let i = 0, n = 0; n < bytes; i++) {
    const r = `${prefix}${i}${rest}`;
    parts.push(r);
    n += r.length;
  }
  return Buffer.from(parts.join(''), 'latin1');
}

describe('streamed decompression is bounded', () => {
  it('a gzip bomb behind a real header stops by its ratio, naming the file', async () => {
    const header = CPU.subarray(0, CPU.indexOf(10) + 1);
    const bomb = gzipSync(Buffer.concat([header, Buffer.alloc(100 << 20, 48)]));
    const e = await loadDataset([bytesInput('bomb.csv.gz', bomb)], WIDE).catch((x) => x);
    expect(e).toBeInstanceOf(DataError);
    expect(String(e.message)).toMatch(/bomb\.csv\.gz.*(inflates more than 200×|line longer than)/);
  });

  it('a real file gzipped loads as the plain one does (the ratio leaves real data alone)', async () => {
    const plain = await loadDataset([bytesInput('cpu.csv', CPU)], WIDE);
    const gz = await loadDataset([bytesInput('cpu.csv.gz', gzipSync(CPU))], WIDE);
    expect(gz.report.tasksKept).toBe(plain.report.tasksKept);
    expect(gz.report.tasksKept).toBeGreaterThan(1000);
  });

  it('a gzip whose tail inflates far past its head stops where the samples would pass the budget', async () => {
    const budget = { bytes: 32 << 20, realizations: 100 };
    const bomb = gzipSync(Buffer.concat([CPU, uniqueRows(24 << 20)]));
    const e = await loadDataset([bytesInput('tail.csv.gz', bomb)], { ...WIDE, budget }).catch(
      (x) => x,
    );
    expect(e).toBeInstanceOf(DataError);
    const m = /^tail\.csv\.gz: inflates past ([\d.]+) MiB .*memory budget of 32 MiB/.exec(
      e.message,
    );
    expect(m, e.message).not.toBeNull();
    // Well before the 27 MiB of text it holds: the head put the whole at the CPU file's size.
    expect(Number(m![1])).toBeLessThan(20);
    const real = await loadDataset([bytesInput('cpu.csv.gz', gzipSync(CPU))], { ...WIDE, budget });
    expect(real.report.tasksKept).toBeGreaterThan(1000);
  });

  it('the limit counts the files of one load together', async () => {
    const budget = { bytes: 32 << 20, realizations: 100 };
    const header = CPU.subarray(0, CPU.indexOf(10) + 1);
    const files = ['a', 'b', 'c'].map((k) =>
      bytesInput(`${k}.csv.gz`, gzipSync(Buffer.concat([header, uniqueRows(6 << 20, k)]))),
    );
    files.unshift(bytesInput('cpu.csv.gz', gzipSync(CPU)));
    const e = await loadDataset(files, { ...WIDE, budget }).catch((x) => x);
    expect(e).toBeInstanceOf(DataError);
    expect(e.message).toMatch(
      /^[bc]\.csv\.gz: inflates past .* after [\d.]+ MiB from the files before it/,
    );
  });

  it('a line past 16 MiB inside a zip member stops as it does in a .gz', async () => {
    const member = new Uint8Array(20 << 20).fill(49);
    member.set(CPU.subarray(0, 200));
    const zip = zipSync({ 'a.csv': [member, { level: 1 }] });
    const e = await loadDataset([bytesInput('long.zip', zip)], WIDE).catch((x) => x);
    expect(e).toBeInstanceOf(DataError);
    expect(String(e.message)).toMatch(/long\.zip\/a\.csv.*line longer than 16777216 bytes/);
  });

  it('archive links and names with a NUL are skipped with a note naming them', async () => {
    const text = CPU.subarray(0, 20_000).toString();
    const rows = text.slice(0, text.lastIndexOf('\n') + 1);
    const tar = tarGz([
      { name: 'cpu.csv', text: rows },
      { name: 'soft.csv', text: '', link: { type: '2', to: '/etc/passwd' } },
      { name: 'hard.csv', text: '', link: { type: '1', to: 'cpu.csv' } },
    ]);
    const t = await loadDataset([bytesInput('links.tar.gz', tar)], WIDE);
    const note = t.report.notes.join(' | ');
    expect(note).toMatch(/soft\.csv \(a symbolic link to \/etc\/passwd, not followed\)/);
    expect(note).toMatch(/hard\.csv \(a hard link to cpu\.csv, not followed\)/);
    const zip = zipSync({
      'cpu.csv': new TextEncoder().encode(rows),
      'b\0d.csv': new Uint8Array(4),
    });
    const z = await loadDataset([bytesInput('nul.zip', zip)], WIDE);
    expect(z.report.notes.join(' | ')).toMatch(/b\\u0000d\.csv \(a NUL byte in its name\)/);
    expect(z.report.tasksKept).toBe(t.report.tasksKept);
  });

  it('16 MiB of blank lines without a row stop a reader', () => {
    const reader = new LineReader('blank.csv', () => {});
    reader.push(new TextEncoder().encode('a,b\n1,2\n'));
    const blank = new Uint8Array(1 << 20).fill(10);
    blank.fill(32, 0, 1000);
    expect(() => {
      for (let i = 0; i < 20; i++) reader.push(blank);
    }).toThrow(/blank\.csv, line \d+: 16777216 bytes of blank lines without a row/);
  });
});
