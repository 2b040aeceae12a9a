import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '../common/store/params.ts';
import { DEFAULT_TIMELINE_PARAMS } from './params.ts';
import { timelineParamsArb } from './testing.ts';
import { decode, encode } from '../common/link/url.ts';

describe('the Timeline view in the link', () => {
  it('carries every number-changing parameter in the Timeline view', () => {
    fc.assert(
      fc.property(timelineParamsArb, (t) => {
        const p = { ...DEFAULT_PARAMS, ...t, view: 'timeline' as const };
        const d = decode(encode(p));
        expect(d.notices).toEqual([]);
        expect(d.params).toEqual(p);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves its keys out of other views while they are the defaults', () => {
    const q = new URLSearchParams(encode({ ...DEFAULT_PARAMS, view: 'pack' }));
    for (const key of ['tsrc', 'tn', 'tw', 'tpol', 'tfit', 'terr']) expect(q.has(key)).toBe(false);
  });

  it('refuses bad values with a notice naming the key, and keeps the defaults', () => {
    const d = decode('?view=timeline&tw=-1&tpol=best&tfit=gpa:2&terr=x&tsrc=disk&tseed=3');
    expect(d.params).toEqual({ ...DEFAULT_PARAMS, view: 'timeline', timelineSeed: 3 });
    const text = d.notices.join('\n');
    for (const key of ['tw="-1"', 'tpol="best"', 'tfit="gpa:2"', 'terr="x"', 'tsrc="disk"'])
      expect(text).toContain(key);
    expect(text).toMatch(/ρ must be in \(0, 1\)/);
  });

  it('a task list needs both its name and its SHA-256', () => {
    const d = decode('?view=timeline&tsrc=upload&tfile=a.csv&th=zz');
    expect(d.params.timelineUpload).toBeNull();
    expect(d.notices.join('\n')).toMatch(/task-list part of the link/);
    expect(DEFAULT_TIMELINE_PARAMS.timelineUpload).toBeNull();
  });
});
