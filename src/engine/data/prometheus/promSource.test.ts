import { describe, expect, it } from 'vitest';
import { sourceFromParams } from './promSource.ts';

const params = (o: Record<string, string>) => ({ get: (k: string) => o[k] ?? null });
const base = {
  prom: 'http://prom.example:9090',
  start: '1700000000',
  end: '1700086400',
  step: '300',
};

describe("a link's Prometheus range reads plain decimals only", () => {
  it('reads a plain range', () => {
    expect(sourceFromParams(params(base))).toMatchObject({ start: 1700000000, step: 300 });
  });

  it.each([
    ['start', ''],
    ['end', '0x10'],
    ['step', '0b1'],
    ['step', '5e-324'],
    ['cores', ''],
    ['cores', '0x4'],
  ])('%s = %j is unreadable', (key, value) => {
    expect(sourceFromParams(params({ ...base, [key]: value }))).toBeNull();
  });
});
