/**
 * The URL codec's table: the shared rows (the view, the workload) and then every wing's rows, as
 * the wing registry lists them (wings.ts). Each row: keys, parameter, codec (type and validation)
 * and when it is written, derived from the wing's declaration of its parameters.
 */
import type { Params } from './params.ts';
import type { UrlField } from './urlField.ts';
import { PROM_URL_FIELDS } from './promUrlFields.ts';
import { WINGS } from './wings.ts';
import { VIEW_URL_FIELDS, WORKLOAD_URL_FIELDS } from './workloadFields.ts';

/** Every row, in the order keys appear in a link. */
export const URL_FIELDS: readonly UrlField[] = [
  ...VIEW_URL_FIELDS,
  ...WORKLOAD_URL_FIELDS,
  ...WINGS.flatMap((w) => w.urlRows),
  ...PROM_URL_FIELDS,
];

/** The parameters whose change is a navigation (pushes a history entry). */
export const NAVIGATION_FIELDS: readonly (keyof Params)[] = URL_FIELDS.filter(
  (r) => r.navigates,
).map((r) => r.field);
