import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, packKey, sweepKey, type Params } from './params.ts';
import { ALL_PANEL_FIELDS, type PanelField } from './panelFields.ts';
import { panelOf } from '../views/views.ts';

/** Another valid value of each panel field. */
const CHANGED: { [F in PanelField]: Params[F] } = {
  dataset: 'azure-v1',
  scale: 0.5,
  tasks: 200,
  realizations: 2000,
  realization: 'aligned',
  block: 24,
  seed: 7,
  instance: 3,
  packer: 'ff',
  fit: { kind: 'gpa', rho: 0.05 },
  capacity: 2,
  clairvoyance: 0.5,
  source: 'avg',
  rebalance: 0,
};

/** The fields whose change moves `key`: the ones a view's numbers depend on (B under blocks). */
function dependsOn(key: (p: Params) => string): PanelField[] {
  return ALL_PANEL_FIELDS.filter((f) => {
    const base: Params =
      f === 'block' ? { ...DEFAULT_PARAMS, realization: 'blocks' } : DEFAULT_PARAMS;
    return key({ ...base, [f]: CHANGED[f] }) !== key(base);
  });
}

describe('each view’s side panel', () => {
  it('Pack and Trade-off show exactly the fields their results are keyed by', () => {
    expect([...panelOf('pack', DEFAULT_PARAMS)].sort()).toEqual(dependsOn(packKey).sort());
    expect([...panelOf('tradeoff', DEFAULT_PARAMS)].sort()).toEqual(dependsOn(sweepKey).sort());
  });

  it('Timeline shows the dataset only while its per-VM source reads it; the lessons none', () => {
    expect(panelOf('timeline', DEFAULT_PARAMS).size).toBe(0);
    const vms = { ...DEFAULT_PARAMS, timelineSource: 'vms' as const };
    expect([...panelOf('timeline', vms)]).toEqual(['dataset', 'scale']);
    for (const view of ['learn', 'resize', 'cluster'] as const)
      expect(panelOf(view, DEFAULT_PARAMS).size).toBe(0);
  });
});
