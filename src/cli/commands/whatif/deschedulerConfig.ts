/**
 * A descheduler's policy file, in its project's own format: kubernetes-sigs/descheduler's
 * DeschedulerPolicy (descheduler/v1alpha2; LowNodeUtilizationArgs of
 * pkg/framework/plugins/nodeutilization/types.go, checked as validation.go
 * `ValidateLowNodeUtilizationArgs` does: thresholds in [0, 100], thresholds ≤ targetThresholds
 * unless deviations) or Koordinator's DeschedulerConfiguration (LowNodeLoadArgs of
 * pkg/descheduler/apis/config/v1alpha2/types.go, checked as validation/validation_loadaware.go
 * `ValidateLowLoadUtilizationArgs`: percentages ≥ 0, low ≤ high, consecutiveAbnormalities > 0).
 * The run interval is Koordinator's `deschedulingInterval`, or the descheduler's
 * `--descheduling-interval` flag (the command line's). A field the replay does not model is refused
 * naming it.
 */
import { LOW_NODE_LOAD_DEFAULTS, type DeschedulerSettings } from '../../../engine/whatif/index.ts';
import { isDoc, parseYaml, Reader, type Doc } from './config.ts';

const SIGS_RULE = "the descheduler's range [0, 100] (validateThresholds)";
const KOORD_RULE = "Koordinator's rule: a percentage ≥ 0 (ValidateLowLoadUtilizationArgs)";

function lowNodeUtilization(r: Reader, args: Doc, at: string, interval: number | null) {
  r.only(args, at, [
    'thresholds',
    'targetThresholds',
    'useDeviationThresholds',
    'numberOfNodes',
    'metricsUtilization',
    'evictionLimits',
  ]);
  const percent = (key: string) =>
    r.number(
      r.cpuOnly(args[key], `${at}.${key}`),
      `${at}.${key}.cpu`,
      SIGS_RULE,
      (x) => x >= 0 && x <= 100,
    );
  const deviation = args.useDeviationThresholds === true;
  const low = percent('thresholds');
  const high = percent('targetThresholds');
  if (low > high && !deviation)
    r.fail(
      `${at}.thresholds.cpu`,
      `${low} is above targetThresholds.cpu ${high} (validateLowNodeUtilizationThresholds)`,
    );
  let source: 'requests' | 'usage' = 'requests';
  if (args.metricsUtilization !== undefined) {
    const m = args.metricsUtilization;
    const mat = `${at}.metricsUtilization`;
    if (!isDoc(m)) r.fail(mat, 'expected a map');
    r.only(m, mat, ['source', 'metricsServer']);
    if (m.source !== undefined && m.source !== 'KubernetesMetrics')
      r.fail(`${mat}.source`, `${JSON.stringify(m.source)}: the replay models KubernetesMetrics`);
    if (m.source === 'KubernetesMetrics' && m.metricsServer === true)
      r.fail(
        mat,
        'both source KubernetesMetrics and metricsServer (ValidateLowNodeUtilizationArgs)',
      );
    source = 'usage';
  }
  let perNodeLimit: number | null = null;
  if (args.evictionLimits !== undefined) {
    const e = args.evictionLimits;
    if (!isDoc(e)) r.fail(`${at}.evictionLimits`, 'expected a map');
    r.only(e, `${at}.evictionLimits`, ['node']);
    perNodeLimit = r.number(
      e.node,
      `${at}.evictionLimits.node`,
      'an integer ≥ 0',
      (x) => Number.isInteger(x) && x >= 0,
    );
  }
  return {
    plugin: 'LowNodeUtilization' as const,
    low,
    high,
    deviation,
    numberOfNodes: nodesCount(r, args.numberOfNodes, `${at}.numberOfNodes`),
    source,
    perNodeLimit,
    interval: needInterval(r, interval, 'LowNodeUtilization'),
  };
}

function nodesCount(r: Reader, v: unknown, at: string): number {
  return v === undefined
    ? 0
    : r.number(v, at, 'an integer ≥ 0 (numberOfNodes)', (x) => Number.isInteger(x) && x >= 0);
}

function needInterval(r: Reader, interval: number | null, plugin: string): number {
  if (interval === null)
    r.fail(
      'deschedulingInterval',
      `${plugin} runs once without an interval: give --descheduling-interval (e.g. 5m)`,
    );
  return interval;
}

function lowNodeLoad(r: Reader, args: Doc, at: string, interval: number | null) {
  r.only(args, at, [
    'lowThresholds',
    'highThresholds',
    'useDeviationThresholds',
    'numberOfNodes',
    'anomalyCondition',
    'detectorCacheTimeout',
    'nodeFit',
    'nodeMetricExpirationSeconds',
  ]);
  const percent = (key: string) =>
    r.number(r.cpuOnly(args[key], `${at}.${key}`), `${at}.${key}.cpu`, KOORD_RULE, (x) => x >= 0);
  const low = percent('lowThresholds');
  const high = percent('highThresholds');
  if (low > high)
    r.fail(
      `${at}.lowThresholds.cpu`,
      `${low} is above highThresholds.cpu ${high} (Koordinator: low percentage must be less than or equal to highThresholds)`,
    );
  let consecutive: number = LOW_NODE_LOAD_DEFAULTS.consecutiveAbnormalities;
  if (args.anomalyCondition !== undefined) {
    const a = args.anomalyCondition;
    const aat = `${at}.anomalyCondition`;
    if (!isDoc(a)) r.fail(aat, 'expected a map');
    r.only(a, aat, ['consecutiveAbnormalities']);
    if (a.consecutiveAbnormalities !== undefined)
      consecutive = r.number(
        a.consecutiveAbnormalities,
        `${aat}.consecutiveAbnormalities`,
        "Koordinator's rule: an integer > 0",
        (x) => Number.isInteger(x) && x > 0,
      );
  }
  if (args.nodeFit !== undefined && typeof args.nodeFit !== 'boolean')
    r.fail(`${at}.nodeFit`, `${JSON.stringify(args.nodeFit)} is not true or false`);
  if (args.nodeMetricExpirationSeconds !== undefined)
    r.number(
      args.nodeMetricExpirationSeconds,
      `${at}.nodeMetricExpirationSeconds`,
      "Koordinator's rule: a positive value (reports are taken as fresh)",
      (x) => x > 0,
    );
  return {
    plugin: 'LowNodeLoad' as const,
    low,
    high,
    deviation: args.useDeviationThresholds === true,
    numberOfNodes: nodesCount(r, args.numberOfNodes, `${at}.numberOfNodes`),
    consecutiveAbnormalities: consecutive,
    detectorCacheTimeout:
      args.detectorCacheTimeout === undefined
        ? LOW_NODE_LOAD_DEFAULTS.detectorCacheTimeout
        : r.duration(args.detectorCacheTimeout, `${at}.detectorCacheTimeout`),
    nodeFit: args.nodeFit === undefined ? LOW_NODE_LOAD_DEFAULTS.nodeFit : args.nodeFit === true,
    interval: needInterval(r, interval, 'LowNodeLoad'),
  };
}

const KINDS: Record<string, string> = {
  DeschedulerPolicy: 'LowNodeUtilization',
  DeschedulerConfiguration: 'LowNodeLoad',
};

/** The balance plugin of a policy file; `interval` (s) is the command line's, if given. */
export function readDeschedulerPolicy(
  text: string,
  file: string,
  intervalFlag: number | null,
): DeschedulerSettings {
  const r: Reader = new Reader(file);
  const doc = parseYaml(text, file);
  if (!isDoc(doc)) r.fail('(top)', 'expected a DeschedulerPolicy or DeschedulerConfiguration');
  const plugin = KINDS[String(doc.kind)];
  if (!plugin)
    r.fail(
      'kind',
      `${JSON.stringify(doc.kind)}: expected DeschedulerPolicy (kubernetes-sigs/descheduler, LowNodeUtilization) or DeschedulerConfiguration (Koordinator, LowNodeLoad)`,
    );
  const koord = plugin === 'LowNodeLoad';
  r.only(doc, '(top)', koord ? ['profiles', 'deschedulingInterval'] : ['profiles']);
  let interval = intervalFlag;
  if (koord && doc.deschedulingInterval !== undefined) {
    const own = r.duration(doc.deschedulingInterval, 'deschedulingInterval');
    if (interval !== null && interval !== own)
      r.fail('deschedulingInterval', `${own} s, but --descheduling-interval says ${interval} s`);
    interval = own;
  }
  if (interval !== null && !(interval > 0))
    r.fail('deschedulingInterval', `${interval} s: expected a positive interval`);
  if (!Array.isArray(doc.profiles) || doc.profiles.length !== 1)
    r.fail('profiles', 'expected one profile');
  const profile = doc.profiles[0] as unknown;
  if (!isDoc(profile)) r.fail('profiles[0]', 'expected a map');
  r.only(profile, 'profiles[0]', ['name', 'plugins', 'pluginConfig']);
  const configs = profile.pluginConfig;
  if (!Array.isArray(configs)) r.fail('profiles[0].pluginConfig', 'expected a list');
  let found = null as DeschedulerSettings | null;
  for (const [k, c] of (configs as unknown[]).entries()) {
    const at = `profiles[0].pluginConfig[${k}]`;
    if (!isDoc(c)) r.fail(at, 'expected name and args');
    r.only(c, at, ['name', 'args']);
    if (c.name === 'DefaultEvictor') {
      if (isDoc(c.args) && c.args.nodeFit === true)
        r.fail(`${at}.args.nodeFit`, "the DefaultEvictor's nodeFit check is not modelled");
      continue;
    }
    if (c.name !== plugin)
      r.fail(
        `${at}.name`,
        `${JSON.stringify(c.name)}: the replay models ${plugin} in a ${String(doc.kind)}`,
      );
    if (found) r.fail(at, `${plugin} configured twice`);
    const args = c.args ?? {};
    if (!isDoc(args)) r.fail(`${at}.args`, 'expected a map');
    found = koord
      ? lowNodeLoad(r, args, `${at}.args`, interval)
      : lowNodeUtilization(r, args, `${at}.args`, interval);
  }
  if (!found) r.fail('profiles[0].pluginConfig', `no ${plugin}`);
  return found;
}
