/**
 * The Schedulers view's row of the URL codec (see common/urlFields.ts): one row over
 * `Params.schedulers`, a key per setting as `SCHEDULERS_PARAMS` declares them.
 */
import { nestedRow } from '../common/link/paramRows.ts';
import type { UrlField } from '../common/link/urlField.ts';
import { SCHEDULERS_PARAMS } from './params.ts';

export const SCHEDULERS_URL_FIELDS: readonly UrlField[] = [
  nestedRow('schedulers', SCHEDULERS_PARAMS, 'schedulers'),
];
