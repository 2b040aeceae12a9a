/** Pack's rows of the link: the packing's parameters, and the A/B comparison's pinned side. */
import { flatRows } from '../common/link/paramRows.ts';
import { DEFAULT_PARAMS, PINNED_FIELDS, type PinnedParams } from '../common/store/params.ts';
import { navigation, type UrlField } from '../common/link/urlField.ts';
import { WORKLOAD_URL_FIELDS } from '../common/link/workloadFields.ts';
import { PACK_PARAMS } from './params.ts';

const PACKING_URL_FIELDS: readonly UrlField[] = flatRows(PACK_PARAMS, 'always');

/** The rows an A/B comparison pins (the packing's parameters), to write inside `ab`. */
const PINNED_ROWS = [...WORKLOAD_URL_FIELDS, ...PACKING_URL_FIELDS].filter((r) =>
  (PINNED_FIELDS as readonly string[]).includes(r.field),
);

/**
 * A/B: the pinned side's parameters as a link of their own inside `ab` (the same keys and checks
 * as the current side's); a bad value in it falls back to the default with a notice naming `ab`.
 */
const pinnedField: UrlField = navigation({
  keys: ['ab'],
  field: 'pinned',
  write(p, q) {
    if (!p.pinned) return;
    const inner = new URLSearchParams();
    const side = { ...DEFAULT_PARAMS, ...p.pinned };
    for (const row of PINNED_ROWS) row.write(side, inner);
    q.set('ab', inner.toString());
  },
  read(q, notices) {
    const raw = q.get('ab');
    if (raw === null) return null;
    const inner = new URLSearchParams(raw);
    const side: Record<string, unknown> = {};
    for (const row of PINNED_ROWS)
      side[row.field] = row.read(inner, notices, (key) => `ab: ${key}`);
    return side as unknown as PinnedParams;
  },
});

export const PACK_URL_FIELDS: readonly UrlField[] = [...PACKING_URL_FIELDS, pinnedField];
