import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SHARED } from './testing/peer.ts';
import { readWholeFile, wholeFileCap } from './inflate.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-inflate-'));
const PLANETLAB = join(SHARED, 'data/planetlab-cloudsim/planetlab_all_10_days.csv.gz');

function file(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe('whole-file reads are streamed and bounded', () => {
  it('a real .csv.gz reads whole, byte for byte what gunzip gives', () => {
    const bytes = readWholeFile(PLANETLAB, { text: true });
    expect(Buffer.from(bytes).equals(gunzipSync(readFileSync(PLANETLAB)))).toBe(true);
    expect(bytes.length).toBeGreaterThan(8 << 20);
  });

  it('past the cap, a .gz stops with a message naming the file', () => {
    const path = file('big.csv.gz', gzipSync(new Uint8Array(3 << 20).fill(65)));
    expect(() => readWholeFile(path, { cap: 1 << 20 })).toThrow(
      /big\.csv\.gz: inflates past 1 MiB \(\d[\d,]* bytes stored\); not read/,
    );
    expect(readWholeFile(path, { cap: 4 << 20 }).length).toBe(3 << 20);
  });

  it('a plain file past the cap stops too', () => {
    const path = file('plain.bin', new Uint8Array(3 << 20));
    expect(() => readWholeFile(path, { cap: 1 << 20 })).toThrow(/plain\.bin: inflates past 1 MiB/);
  });

  it('a gzip bomb stops by its ratio long before the cap', () => {
    const path = file('bomb.npy.gz', gzipSync(new Uint8Array(80 << 20)));
    expect(() => readWholeFile(path, { cap: 2 ** 31 })).toThrow(
      /bomb\.npy\.gz: inflates more than 200× .*a decompression bomb/,
    );
  });

  it.each([
    ['newlines', 10, /bytes of blank lines, spaces or NUL bytes without a row/],
    ['spaces', 32, /a line longer than 16777216 bytes .*not a text file of rows/],
  ])('gzip of %s as text stops after 16 MiB', (_name, byte, why) => {
    const path = file(`x${byte}.csv.gz`, gzipSync(new Uint8Array(20 << 20).fill(byte)));
    expect(() => readWholeFile(path, { text: true })).toThrow(why);
  });

  it('/dev/zero as text stops after 16 MiB', () => {
    expect(() => readWholeFile('/dev/zero', { text: true })).toThrow(
      /zero: a line longer than 16777216 bytes/,
    );
  });

  it('concatenated gzip members read as one file', () => {
    const a = gzipSync(new TextEncoder().encode('time,a\n0,1\n'));
    const b = gzipSync(new TextEncoder().encode('1,2\n'));
    const path = file('two.csv.gz', Buffer.concat([a, b]));
    expect(new TextDecoder().decode(readWholeFile(path, { text: true }))).toBe(
      'time,a\n0,1\n1,2\n',
    );
  });

  it('a truncated gzip is named', () => {
    const gz = gzipSync(
      readFileSync(join(SHARED, 'data/google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv')),
    );
    const path = file('cut.csv.gz', gz.subarray(0, gz.length >> 1));
    expect(() => readWholeFile(path)).toThrow(/cut\.csv\.gz: cannot decompress gzip/);
  });

  it('the cap is an eighth of the memory budget, within 64 MiB and 2 GiB', () => {
    expect(wholeFileCap()).toBe(2 ** 30);
    expect(wholeFileCap(1)).toBe(2 ** 27);
    expect(wholeFileCap(0.01)).toBe(64 * 2 ** 20);
    expect(wholeFileCap(1000)).toBe(2 ** 31);
    expect(wholeFileCap(0)).toBe(2 ** 31);
  });
});
