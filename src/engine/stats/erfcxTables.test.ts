import { describe, expect, it } from 'vitest';
import { makeErfcxTables } from './erfcxChebyshev.ts';
import { ERFCX_BODY, ERFCX_TAIL } from './erfcxTables.ts';

describe('the written erfcx tables', () => {
  it('are the tables erfcxChebyshev.ts makes, bit for bit', () => {
    const { body, tail } = makeErfcxTables();
    expect(ERFCX_BODY.length).toBe(body.length);
    expect(ERFCX_TAIL.length).toBe(tail.length);
    body.forEach((v, i) => expect(Object.is(ERFCX_BODY[i], v), `body[${i}]`).toBe(true));
    tail.forEach((v, i) => expect(Object.is(ERFCX_TAIL[i], v), `tail[${i}]`).toBe(true));
  });
});
