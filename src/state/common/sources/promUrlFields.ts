/**
 * The live Prometheus source in the link: server URL, query and range (never a token), so a link
 * reopens the same source and asks only for the token, if any (keys prom, pq, pstart, pend, pstep,
 * and pcores when the user gave the node cores). Data read from it carry no file names in the link:
 * the source is the one place (workloadFields.ts leaves out an upload that is this source's answer).
 */
import {
  LIVE_SOURCE_FORMAT,
  sourceFromParams,
  sourceToParams,
  type PromSource,
} from '../../../engine/index.ts';
import type { UploadRef } from '../store/params.ts';
import type { UrlField } from '../link/urlField.ts';

/** Whether the uploaded data are the answer of `source` (then the source alone stands for them). */
export function uploadIsSource(upload: UploadRef | null, source: PromSource | null): boolean {
  const o = upload?.options;
  return Boolean(
    upload &&
    source &&
    o &&
    upload.format === LIVE_SOURCE_FORMAT &&
    o.query === source.query &&
    o.rangeStart === source.start &&
    o.rangeEnd === source.end &&
    o.step === source.step,
  );
}

const KEYS: Record<string, string> = {
  prom: 'prom',
  q: 'pq',
  start: 'pstart',
  end: 'pend',
  step: 'pstep',
  cores: 'pcores',
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

/** The dataset's state while a link's Prometheus source is read again. */
export const WAITING_FOR_SOURCE = 'waiting for the linked Prometheus source';
