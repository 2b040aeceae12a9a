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
