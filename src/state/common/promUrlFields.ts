/**
 * The live Prometheus source in the link: server URL, query and range (never a token), so a link
 * reopens the same source and asks only for the token, if any (keys prom, pq, pstart, pend, pstep).
 */
import { sourceFromParams, sourceToParams } from '../../engine/index.ts';
import type { UrlField } from './urlField.ts';

const KEYS: Record<string, string> = {
  prom: 'prom',
  q: 'pq',
  start: 'pstart',
  end: 'pend',
  step: 'pstep',
};

export const PROM_URL_FIELDS: readonly UrlField[] = [
  {
    keys: Object.values(KEYS),
    field: 'prom',
    write(p, q) {
      if (!p.prom) return;
      for (const [k, v] of Object.entries(sourceToParams(p.prom))) q.set(KEYS[k], v);
    },
    read(q, notices) {
      if (!q.has('prom')) return null;
      const s = sourceFromParams({ get: (k) => q.get(KEYS[k] ?? k) });
      if (!s) notices.push('The link names a Prometheus source with an unreadable range; ignored.');
      return s;
    },
  },
];
