/**
 * The Cluster view's row of the URL codec (see common/urlFields.ts): one row over `Params.cluster`
 * with a key per setting as `CLUSTER_PARAMS` declares them, each written in the Cluster view or
 * when it differs from its default (the machine types only when edited).
 */
import { nestedRow } from '../common/link/paramRows.ts';
import type { UrlField } from '../common/link/urlField.ts';
import { CLUSTER_PARAMS } from './params.ts';

export const CLUSTER_URL_FIELDS: readonly UrlField[] = [
  nestedRow('cluster', CLUSTER_PARAMS, 'cluster'),
];
