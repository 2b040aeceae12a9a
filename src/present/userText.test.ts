import { describe, expect, it } from 'vitest';
import { PRESETS } from '../engine/index.ts';
import { GLOSSARY } from './glossary.ts';

describe('text a user reads', () => {
  it('cites no document the user lacks (the spec): the Model page and the papers only', () => {
    const text = JSON.stringify([PRESETS, GLOSSARY]);
    expect(text).not.toMatch(/SPEC/);
  });
});
