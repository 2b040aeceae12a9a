/**
 * The Requests view's row of the URL codec (see common/urlFields.ts): one row over
 * `Params.requests`, a key per setting as `REQUESTS_PARAMS` declares them.
 */
import { nestedRow } from '../common/link/paramRows.ts';
import type { UrlField } from '../common/link/urlField.ts';
import { REQUESTS_PARAMS } from './params.ts';

export const REQUESTS_URL_FIELDS: readonly UrlField[] = [
  nestedRow('requests', REQUESTS_PARAMS, 'requests'),
];
