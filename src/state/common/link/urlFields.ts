/**
 * The URL codec's table, derived from the view registry (views.ts): the open view's row (its
 * values are the registry's names), the workload's rows, then every view's rows in the registry's
 * order, then the live source's. Each row: keys, parameter, codec (type and validation) and when
 * it is written, derived from the wing's declaration of its parameters.
 */
import type { Params, ViewId } from '../store/params.ts';
import { navigation, oneOf, urlField, type UrlField } from './urlField.ts';
import { PROM_URL_FIELDS } from '../sources/promUrlFields.ts';
import { VIEW_REGISTRY, type ViewEntry } from '../views/views.ts';
import { WORKLOAD_URL_FIELDS } from './workloadFields.ts';

/** The rows of a link to one of `views`, in the order keys appear in it. */
export function linkRows(views: readonly ViewEntry<string>[]): readonly UrlField[] {
  const names = views.map((v) => v.id) as ViewId[];
  return [
    navigation(urlField('view', 'view', oneOf<ViewId>('view', names))),
    ...WORKLOAD_URL_FIELDS,
    ...views.flatMap((v) => v.urlRows ?? []),
    ...PROM_URL_FIELDS,
  ];
}

/** The parameters whose change is a navigation (pushes a history entry). */
export function navigationFields(rows: readonly UrlField[]): readonly (keyof Params)[] {
  return rows.filter((r) => r.navigates).map((r) => r.field);
}

/** Every row of the page's links. */
export const URL_FIELDS: readonly UrlField[] = linkRows(VIEW_REGISTRY);
