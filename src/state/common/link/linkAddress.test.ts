import { deflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MachineType } from '../../../engine/cluster/machineTypes.ts';
import { DEFAULT_PARAMS, type Params } from '../store/params.ts';
import {
  addressOf,
  decodeAddress,
  linkCodecReady,
  loadLinkCodec,
  queryOf,
  LONG_QUERY_CHARS,
  LINK_QUERY_MAX_BYTES,
} from './linkAddress.ts';
import { decode, encode } from './url.ts';

/** 2,000 machine types: the probe's 55 kB `ct`. */
function manyTypes(n: number): MachineType[] {
  return Array.from({ length: n }, (_, k) => ({
    name: `type-${k}-ünïcode`,
    capacity: [0.25 + (k % 7) / 10, 0.5 + (k % 5) / 10],
    count: k % 3 === 0 ? null : k,
    idleWatts: 100 + k,
    peakWatts: 200 + k,
  }));
}

describe('the long-link codec loads on demand', () => {
  it('a long link is refused before it loads, short ones need it never', async () => {
    if (!linkCodecReady()) {
      expect(() => addressOf('a='.padEnd(LONG_QUERY_CHARS + 10, 'x'))).toThrow(/loadLinkCodec/);
      expect(queryOf('?n=5', '#z=abc').notice).toMatch(/could not be loaded/);
    }
    expect(addressOf('n=5')).toEqual({ search: '?n=5', hash: '' });
    await loadLinkCodec();
    expect(linkCodecReady()).toBe(true);
  });
});

describe('long links travel compressed in the fragment', () => {
  beforeAll(() => loadLinkCodec());

  it('a 55 kB machine-type state opens back exactly, from a fragment far shorter', () => {
    const p: Params = {
      ...DEFAULT_PARAMS,
      view: 'cluster',
      cluster: { ...DEFAULT_PARAMS.cluster, types: manyTypes(2000) },
    };
    const query = encode(p);
    expect(query.length).toBeGreaterThan(50_000);
    const { search, hash } = addressOf(query);
    expect(search).toBe('');
    expect(hash.startsWith('#z=')).toBe(true);
    expect(hash.length).toBeLessThan(query.length / 2);
    const back = decodeAddress(search, hash);
    expect(back.notices).toEqual([]);
    expect(back.params.cluster.types).toEqual(p.cluster.types);
    expect(back.params).toEqual(decode(query).params);
  });

  it('short links keep their plain query', () => {
    const query = encode(DEFAULT_PARAMS);
    expect(query.length).toBeLessThanOrEqual(LONG_QUERY_CHARS);
    expect(addressOf(query)).toEqual({ search: `?${query}`, hash: '' });
  });

  it('a cut or corrupted fragment is a notice and the plain query, never an exception', () => {
    const { hash } = addressOf('v=5&' + 'x'.repeat(5000));
    for (const bad of [hash.slice(0, 20), '#z=%%%', '#z=AAAA', hash + '!!'])
      expect(queryOf('?view=data', bad).query).toBe('view=data');
    const d = decodeAddress('?view=data', '#z=@@');
    expect(d.params.view).toBe('data');
    expect(d.notices[0]).toMatch(/compressed part .* unreadable/);
  });

  it('a fragment inflating past 1 MiB (a bomb) is a notice, found after a bounded inflate', () => {
    const toHash = (bytes: Uint8Array) => '#z=' + Buffer.from(bytes).toString('base64url');
    const huge = new Uint8Array(200 << 20).fill(97);
    huge.set(new TextEncoder().encode('v=5&x='));
    const bomb = toHash(deflateRawSync(huge));
    expect(bomb.length).toBeLessThan(1 << 20);
    const d = decodeAddress('?view=data', bomb);
    expect(d.params.view).toBe('data');
    expect(d.notices[0]).toMatch(/compressed part .*unreadable \(it inflates past 1 MiB/);
    const justUnder = 'view=cluster&x=' + 'b'.repeat(LINK_QUERY_MAX_BYTES - 20);
    expect(queryOf('', toHash(deflateRawSync(new TextEncoder().encode(justUnder))))).toEqual({
      query: justUnder,
      notice: null,
    });
  });
});
