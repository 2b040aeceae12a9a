/**
 * The shared parameters a view's side panel can show: the workload and the packing, which several
 * views read. A view declares in the wing registry (views.ts) exactly the ones its numbers depend
 * on, so a view never shows a parameter that changes nothing on it.
 */
import type { Params } from './params.ts';

export const PANEL_GROUPS = {
  workload: [
    'dataset',
    'scale',
    'tasks',
    'realizations',
    'realization',
    'block',
    'seed',
    'instance',
  ],
  packing: ['packer', 'fit', 'capacity', 'clairvoyance', 'source', 'rebalance'],
} as const satisfies Record<string, readonly (keyof Params)[]>;

export type PanelGroup = keyof typeof PANEL_GROUPS;
export type PanelField = (typeof PANEL_GROUPS)[PanelGroup][number];

/** A view's panel: fixed, or following its own parameters (e.g. Timeline's workload source). */
export type PanelDeclaration = readonly PanelField[] | ((p: Params) => readonly PanelField[]);

export const ALL_PANEL_FIELDS: readonly PanelField[] = [
  ...PANEL_GROUPS.workload,
  ...PANEL_GROUPS.packing,
];

export function panelFields(
  declared: PanelDeclaration | undefined,
  p: Params,
): ReadonlySet<PanelField> {
  return new Set(typeof declared === 'function' ? declared(p) : (declared ?? []));
}
