import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Sha256 } from './sha256.ts';

describe('SHA-256', () => {
  it('matches the standard test vectors', () => {
    expect(new Sha256().hex()).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(new Sha256().update(new TextEncoder().encode('abc')).hex()).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('agrees with node:crypto however the input is chunked', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.array(fc.nat(600), { maxLength: 5 }),
        (bytes, cuts) => {
          const h = new Sha256();
          let at = 0;
          for (const c of [...cuts].sort((a, b) => a - b)) {
            const end = Math.min(c, bytes.length);
            if (end > at) h.update(bytes.subarray(at, end));
            at = Math.max(at, end);
          }
          h.update(bytes.subarray(at));
          expect(h.hex()).toBe(createHash('sha256').update(bytes).digest('hex'));
        },
      ),
      { numRuns: 300 },
    );
  });
});
