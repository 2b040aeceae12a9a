/**
 * The Resize view's row of the URL codec's table (see common/urlFields.ts): one row over the
 * `resize` parameter, one key per sub-parameter as `RESIZE_PARAMS` declares them, each validated
 * on its own (a bad one falls back to its default with a notice naming the key).
 */
import { nestedRow } from '../common/link/paramRows.ts';
import type { UrlField } from '../common/link/urlField.ts';
import { RESIZE_PARAMS } from './params.ts';

export const RESIZE_URL_FIELDS: readonly UrlField[] = [
  nestedRow('resize', RESIZE_PARAMS, 'resize'),
];
