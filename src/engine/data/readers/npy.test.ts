import { describe, expect, it } from 'vitest';
import { encodeNpy, parseNpy } from './npy.ts';

describe('.npy', () => {
  it('round-trips a float32 matrix exactly', () => {
    const data = Float32Array.from({ length: 12 }, (_, i) => i / 7);
    const a = parseNpy(encodeNpy(data, [3, 4]));
    expect(a.shape).toEqual([3, 4]);
    expect(a.dtype).toBe('<f4');
    expect(Array.from(a.data)).toEqual(Array.from(data));
  });
  it('names what is wrong with a bad file', () => {
    expect(() => parseNpy(new Uint8Array([1, 2, 3]), 'x.npy')).toThrow(/x\.npy: not a \.npy file/);
    const good = encodeNpy(new Float32Array(8), [2, 4]);
    expect(() => parseNpy(good.subarray(0, good.length - 4), 'cut.npy')).toThrow(
      /cut\.npy: truncated data/,
    );
  });
});
