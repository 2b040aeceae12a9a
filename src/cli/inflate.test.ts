import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzipCapped } from './inflate.ts';

describe('a whole-file gunzip is capped', () => {
  it('newlines inflating past the cap end with a message naming the file', () => {
    const bomb = gzipSync(new Uint8Array(4 << 20).fill(10));
    expect(() => gunzipCapped(bomb, 'bomb.csv.gz', 1 << 20)).toThrow(
      /bomb\.csv\.gz: inflates past 1 MiB \(\d+ bytes stored\); not read/,
    );
    expect(gunzipCapped(bomb, 'bomb.csv.gz', 8 << 20).length).toBe(4 << 20);
  });

  it('bytes that are not gzip are named', () => {
    expect(() => gunzipCapped(new Uint8Array([1, 2, 3]), 'x.gz')).toThrow(
      /x\.gz: cannot decompress gzip/,
    );
  });
});
