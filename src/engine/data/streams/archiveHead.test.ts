// A tar head too short for one whole member still previews: its first member cut at a whole line.
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { fixture } from '../../../ingest/traceFixtures.ts';
import { preview } from '../load/preview.ts';
import { wholeTarMembers } from './archiveHead.ts';

describe('a truncated tar head in the preview', () => {
  const raw = fixture('bitbrains/rnd-2013-7.tar.gz');
  const tar = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw;
  it('keeps whole members, else the first member up to its last whole line', () => {
    const whole = preview([{ name: 'rnd.tar.gz', head: tar, truncated: false }]);
    for (const cut of [1500, 3000, 4000]) {
      expect(wholeTarMembers(tar.subarray(0, cut))).not.toBeNull();
      const p = preview([{ name: 'rnd.tar.gz', head: tar.subarray(0, cut), truncated: true }]);
      expect(p.error).toBeNull();
      expect(p.spec?.format).toBe('bitbrains');
      expect(p.rows[0].id).toBe(whole.rows[0].id);
    }
    expect(wholeTarMembers(tar.subarray(0, 512))).toBeNull();
  });
});
