import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { compactSeries } from './coded.ts';
import { seriesDigest } from './digest.ts';

describe('seriesDigest', () => {
  const plain = [Float64Array.of(0.25, 0.5, 0.25, 0.75), Float64Array.of(0.1, 0.2)];

  it('is the SHA-256 of the samples as little-endian float64s', () => {
    const bytes = Buffer.alloc(16);
    bytes.writeDoubleLE(0.1, 0);
    bytes.writeDoubleLE(0.2, 8);
    expect(seriesDigest(plain, 1)).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('is the same for a coded series and its plain samples, and differs by one sample', () => {
    const long = [Float64Array.from({ length: 400 }, (_, k) => (k % 7) / 100)];
    const coded = compactSeries(long);
    expect(Array.isArray(coded)).toBe(false);
    expect(seriesDigest(coded, 0)).toBe(seriesDigest(long, 0));
    const changed = [Float64Array.of(0.25, 0.5, 0.25, 0.7500000000000001)];
    expect(seriesDigest(changed, 0)).not.toBe(seriesDigest(plain, 0));
    expect(seriesDigest([Float64Array.of(0.25, 0.5, 0.75, 0.25)], 0)).not.toBe(
      seriesDigest(plain, 0),
    );
  });
});
