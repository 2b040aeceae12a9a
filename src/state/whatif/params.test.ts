import { describe, expect, it } from 'vitest';
import {
  ONLINE_SCHEDULERS,
  REPLAY_KNOBS,
  RESTART_SHARE,
  ROLLOUT_HOURS,
  defaultSettings,
  parseScenario,
} from '../../engine/whatif/index.ts';
import {
  DEFAULT_WHATIF,
  WHATIF_RESTART_SHARE,
  WHATIF_ROLLOUT_HOURS,
  WHATIF_SCENARIOS,
  WHATIF_SCHEDULERS,
  scenarioOf,
} from './params.ts';

describe('the Replay view’s parameters repeat the engine’s', () => {
  it('offers every scheduler the replay knows, each with defaults, and its knobs', () => {
    expect([...WHATIF_SCHEDULERS].sort()).toEqual([...ONLINE_SCHEDULERS, 'crane'].sort());
    for (const name of WHATIF_SCHEDULERS) expect(defaultSettings(name).scheduler).toBe(name);
    for (const name of Object.keys(REPLAY_KNOBS)) expect(WHATIF_SCHEDULERS).toContain(name);
  });

  it('reads its scenarios as the engine does, within the engine’s ranges', () => {
    expect(WHATIF_ROLLOUT_HOURS).toEqual(ROLLOUT_HOURS);
    expect(WHATIF_RESTART_SHARE).toEqual(RESTART_SHARE);
    for (const scenario of WHATIF_SCENARIOS)
      expect(parseScenario(scenarioOf({ ...DEFAULT_WHATIF, scenario })).kind).toBe(scenario);
    expect(
      parseScenario(scenarioOf({ ...DEFAULT_WHATIF, scenario: 'rollout', hours: 2.5 })),
    ).toEqual({ kind: 'rollout', hours: 2.5 });
  });
});
