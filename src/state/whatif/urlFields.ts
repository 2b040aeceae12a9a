/** The Replay view's row of the URL codec: one row over `Params.whatif`, a key per setting. */
import { nestedRow } from '../common/link/paramRows.ts';
import type { UrlField } from '../common/link/urlField.ts';
import { WHATIF_PARAMS } from './params.ts';

export const WHATIF_URL_FIELDS: readonly UrlField[] = [
  nestedRow('whatif', WHATIF_PARAMS, 'whatif'),
];
