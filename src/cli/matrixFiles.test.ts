/**
 * Realization matrices on disk, block by block: larger than one read or write call, every dtype the
 * reader converts, the realize command's streamed rows equal to the engine's in-memory realization.
 */
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  DataError,
  allocateMatrix,
  encodeNpy,
  parseNpy,
  parseWideCsv,
  realize,
} from '../engine/index.ts';
import {
  IO_BLOCK,
  ROW_BLOCK_BYTES,
  matrixRowBlocks,
  readMatrix,
  writeMatrix,
} from './matrixFiles.ts';
import { SHARED } from './testing/peer.ts';
import { cli } from './testing/reduce.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-matrix-'));
const PLANETLAB = join(SHARED, 'data/planetlab-cloudsim/planetlab_20110303.csv');

describe('matrix files in blocks', () => {
  it('a matrix larger than one block round-trips bit for bit', () => {
    const cols = 1000;
    const rows = Math.ceil((1.5 * IO_BLOCK) / (4 * cols));
    const m = allocateMatrix(rows, cols, false);
    for (let i = 0; i < m.data.length; i++) m.data[i] = (i % 9973) / 9973;
    const path = join(dir, 'big.npy');
    writeMatrix(path, m);
    const back = readMatrix(path);
    expect([back.rows, back.cols]).toEqual([rows, cols]);
    expect(Buffer.compare(Buffer.from(back.data.buffer), Buffer.from(m.data.buffer))).toBe(0);
    // The header is NumPy's, the data right after it, as a whole-file reader sees them.
    const whole = parseNpy(readFileSync(path));
    expect(whole.shape).toEqual([rows, cols]);
    expect((whole.data as Float32Array)[rows * cols - 1]).toBe(m.data[rows * cols - 1]);
  });

  it('float64 files are converted to float32 block by block', () => {
    const values = Float64Array.from({ length: 6 * 5 }, (_, i) => i / 7);
    const path = join(dir, 'f8.npy');
    writeFileSync(path, encodeNpy(values, [6, 5]));
    const m = readMatrix(path);
    expect(Array.from(m.data)).toEqual(Array.from(values, Math.fround));
  });

  it('a truncated file or a 1-D array is refused with the file and the reason', () => {
    const path = join(dir, 'short.npy');
    writeFileSync(path, encodeNpy(new Float32Array(100), [10, 10]));
    truncateSync(path, 300);
    expect(() => readMatrix(path)).toThrow(DataError);
    expect(() => readMatrix(path)).toThrow(/short\.npy.*truncated data: expected 400 bytes/);
    writeFileSync(path, encodeNpy(new Float32Array(10), [10]));
    expect(() => readMatrix(path)).toThrow(/expected a 2-D \(N, R\) array/);
    expect(() => readMatrix(join(dir, 'none.npy'))).toThrow(/no such file/);
  });

  it('rows streamed in blocks are the rows read whole, and a bad value is named as readMatrix names it', () => {
    const cols = 700;
    const rows = Math.ceil((2.5 * ROW_BLOCK_BYTES) / (4 * cols));
    const m = allocateMatrix(rows, cols, false);
    for (let i = 0; i < m.data.length; i++) m.data[i] = ((i * 7919) % 10007) / 10007;
    m.data[1] = -0;
    const path = join(dir, 'streamed.npy');
    writeMatrix(path, m);
    const blocks = matrixRowBlocks(path)!;
    expect([blocks.rows, blocks.cols]).toEqual([rows, cols]);
    const seen: number[] = [];
    const back = new Float32Array(rows * cols);
    blocks.forEachBlock((first, block) => {
      seen.push(first);
      back.set(block.data, first * cols);
    });
    expect(seen.length).toBe(3);
    expect(Buffer.compare(Buffer.from(back.buffer), Buffer.from(m.data.buffer))).toBe(0);
    const bad = rows - 2;
    m.data[bad * cols + 5] = NaN;
    writeMatrix(path, m);
    const message = /streamed\.npy.*value NaN at row \d+, column 5 is not a number/;
    expect(() => readMatrix(path)).toThrow(message);
    expect(() => matrixRowBlocks(path)!.forEachBlock(() => {})).toThrow(message);
    expect(() => matrixRowBlocks(path)!.forEachBlock(() => {})).toThrow(`row ${bad},`);
    writeFileSync(path, encodeNpy(new Float64Array(12), [3, 4]));
    expect(matrixRowBlocks(path)).toBeNull();
  });

  it('realize writes the rows the engine realizes in memory', async () => {
    const out = join(dir, 'X.npy');
    const r = await cli(
      'realize',
      '--data',
      PLANETLAB,
      '--scale',
      '0.25',
      '--tasks',
      '700',
      '--realizations',
      '333',
      '--seed',
      '5',
      '--out-inst',
      out,
    );
    expect(r.code).toBe(0);
    const samples = parseWideCsv(readFileSync(PLANETLAB, 'utf8'), 'planetlab_20110303.csv', {
      scale: 0.25,
      percent: true,
    });
    const inMemory = realize(samples, 333, 5, false).inst;
    const written = readMatrix(out);
    expect(written.rows).toBe(700);
    expect(written.data).toEqual(inMemory.data.subarray(0, 700 * 333));
  });

  it('realize in worker threads writes the same rows (PlanetLab 10 days, three blocks)', async () => {
    const days = join(SHARED, 'data/planetlab-cloudsim/planetlab_all_10_days.csv.gz');
    const args = ['--data', days, '--scale', '0.25', '--realizations', '1000', '--seed', '2'];
    const one = join(dir, 'one.npy');
    const two = join(dir, 'two.npy');
    expect((await cli('realize', ...args, '--workers', '1', '--out-inst', one)).code).toBe(0);
    expect((await cli('realize', ...args, '--workers', '2', '--out-inst', two)).code).toBe(0);
    const a = readFileSync(one);
    expect(a.length).toBeGreaterThan(3 * 4 * 4194 * 1000 * 0.9);
    expect(Buffer.compare(a, readFileSync(two))).toBe(0);
  });
});

describe('a header that does not describe its file', () => {
  const rows40 = () => new Float32Array(40 * 200).fill(0.25);
  const withShape = (shape: string) => {
    const ok = encodeNpy(rows40(), [40, 200]);
    const text = new TextDecoder().decode(ok.subarray(10, 10 + (ok[8] | (ok[9] << 8))));
    const header = text.replace('(40, 200)', shape);
    const out = new Uint8Array(ok.length);
    out.set(ok);
    out.set(new TextEncoder().encode(header), 10);
    return out;
  };

  it.each([
    [
      '(4, 200) ',
      /says4\.npy: the header's shape \(4, 200\) needs 3200 bytes after the header, but the file holds 32000/,
    ],
    [
      '(0, 200) ',
      /says0\.npy: the header's shape \(0, 200\) needs 0 bytes after the header, but the file holds 32000/,
    ],
  ])('shape %s on a 40-row file is refused, naming both', (shape, why) => {
    const name = shape.startsWith('(4') ? 'says4.npy' : 'says0.npy';
    const path = join(dir, name);
    writeFileSync(path, withShape(shape));
    expect(() => readMatrix(path)).toThrow(why);
    writeFileSync(path + '.gz', gzipSync(withShape(shape)));
    expect(() => readMatrix(path + '.gz')).toThrow(
      /the header's shape .* but the file holds 32000/,
    );
  });

  it('(0, 200) with no data is refused as holding no task', () => {
    const path = join(dir, 'empty.npy');
    writeFileSync(path, encodeNpy(new Float32Array(0), [0, 200]));
    expect(() => readMatrix(path)).toThrow(
      /empty\.npy: the header's shape \(0, 200\) holds no task/,
    );
  });

  it('a header never closed is refused', () => {
    const path = join(dir, 'open.npy');
    const bytes = withShape('(40, 200)');
    const at = bytes.indexOf('}'.charCodeAt(0));
    bytes[at] = ' '.charCodeAt(0);
    writeFileSync(path, bytes);
    expect(() => readMatrix(path)).toThrow(
      /open\.npy: the \.npy header is not one closed \{…\} dictionary/,
    );
  });
});
