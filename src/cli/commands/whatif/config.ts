/**
 * A scheduler's configuration file, read in its project's own format: a KubeSchedulerConfiguration
 * (kubescheduler.config.k8s.io/v1) whose profile's pluginConfig holds the plugin's args — the files
 * `advise` writes, and hand-written ones. The plugin named decides the scheduler:
 * NodeResourcesFit (kube-default), LoadAwareScheduling (koordinator; field names of
 * koordinator-sh/koordinator pkg/scheduler/apis/config/v1beta3/types.go LoadAwareSchedulingArgs,
 * ranges of its validation/validation_pluginargs.go `ValidateLoadAwareSchedulingArgs`: thresholds
 * in [0, 100], scaling factors in (0, 100]), TargetLoadPacking and LoadVariationRiskBalancing
 * (kubernetes-sigs/scheduler-plugins apis/config/types.go). A field the file's project does not
 * know, or one the replay does not model, is refused naming it; so is a value out of its range.
 */
import { parse } from 'yaml';
import { decimalOrNull } from '../../../engine/numberText.ts';
import {
  CRANE_METRICS,
  CRANE_ONLINE_DEFAULTS,
  KOORD_ONLINE_DEFAULTS,
  type CraneMetric,
  type CraneSettings,
  LVRB_ONLINE_DEFAULTS,
  TLP_ONLINE_DEFAULTS,
  type KoordinatorSettings,
  type OnlineSettings,
} from '../../../engine/whatif/index.ts';
import { UsageError } from '../../args.ts';

export type Doc = Record<string, unknown>;

const PLUGINS: Record<string, OnlineSettings['scheduler']> = {
  NodeResourcesFit: 'kube-default',
  LoadAwareScheduling: 'koordinator',
  TargetLoadPacking: 'trimaran-tlp',
  LoadVariationRiskBalancing: 'trimaran-lvrb',
};

/** Fields accepted and left aside: they say where metrics come from, not how the plugin decides. */
const IGNORED = new Set(['apiVersion', 'kind', 'metricProvider', 'watcherAddress']);

/** A configuration file's YAML, or a usage error naming the file and the parser's first line. */
export function parseYaml(text: string, file: string): unknown {
  try {
    return parse(text);
  } catch (e) {
    throw new UsageError(`${file}: not YAML (${(e as Error).message.split('\n')[0]})`);
  }
}

export function isDoc(v: unknown): v is Doc {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export class Reader {
  constructor(private readonly file: string) {}

  fail(path: string, message: string): never {
    throw new UsageError(`${this.file}: ${path}: ${message}`);
  }

  only(doc: Doc, path: string, known: readonly string[]): void {
    for (const k of Object.keys(doc))
      if (!known.includes(k) && !IGNORED.has(k))
        this.fail(
          `${path}.${k}`,
          `unknown or not modelled by the replay (known here: ${known.join(', ')})`,
        );
  }

  number(v: unknown, path: string, rule: string, ok: (x: number) => boolean): number {
    const x = typeof v === 'number' ? v : typeof v === 'string' ? decimalOrNull(v) : null;
    if (x === null || !Number.isFinite(x)) this.fail(path, `${JSON.stringify(v)} is not a number`);
    if (!ok(x)) this.fail(path, `${x} is outside ${rule}`);
    return x;
  }

  cpuOnly(v: unknown, path: string): unknown {
    if (!isDoc(v)) this.fail(path, 'expected a map of resources (cpu: …)');
    for (const k of Object.keys(v))
      if (k !== 'cpu') this.fail(`${path}.${k}`, 'the replay models CPU only');
    if (!('cpu' in v)) this.fail(path, 'no cpu value');
    return v.cpu;
  }

  /** A Go duration ("5m", "1h30m", "90s", "0s") in seconds. */
  duration(v: unknown, path: string): number {
    if (typeof v !== 'string' || !/^(\d+(\.\d+)?(h|m|s))+$/.test(v))
      this.fail(path, `${JSON.stringify(v)} is not a duration such as 5m, 1h or 90s`);
    let seconds = 0;
    for (const m of v.matchAll(/(\d+(?:\.\d+)?)(h|m|s)/g))
      seconds += decimalOrNull(m[1])! * (m[2] === 'h' ? 3600 : m[2] === 'm' ? 60 : 1);
    return seconds;
  }
}

const KOORD_RULE_THRESHOLD =
  "Koordinator's range [0, 100] (ValidateLoadAwareSchedulingArgs, an integer percent)";
const KOORD_RULE_FACTOR =
  "Koordinator's range (0, 100] (ValidateLoadAwareSchedulingArgs, an integer percent)";
const isPercent = (x: number) => Number.isInteger(x) && x >= 0 && x <= 100;

function koordinator(r: Reader, args: Doc, path: string): OnlineSettings {
  r.only(args, path, ['usageThresholds', 'estimatedScalingFactors', 'aggregated']);
  const threshold =
    args.usageThresholds === undefined
      ? KOORD_ONLINE_DEFAULTS.threshold
      : r.number(
          r.cpuOnly(args.usageThresholds, `${path}.usageThresholds`),
          `${path}.usageThresholds.cpu`,
          KOORD_RULE_THRESHOLD,
          isPercent,
        );
  const factor =
    args.estimatedScalingFactors === undefined
      ? KOORD_ONLINE_DEFAULTS.factor
      : r.number(
          r.cpuOnly(args.estimatedScalingFactors, `${path}.estimatedScalingFactors`),
          `${path}.estimatedScalingFactors.cpu`,
          KOORD_RULE_FACTOR,
          (x) => isPercent(x) && x > 0,
        );
  let aggregation: KoordinatorSettings['aggregation'];
  if (args.aggregated !== undefined) {
    const a = args.aggregated;
    const at = `${path}.aggregated`;
    if (!isDoc(a)) r.fail(at, 'expected a map');
    r.only(a, at, ['usageThresholds', 'usageAggregationType', 'usageAggregatedDuration']);
    const type = a.usageAggregationType;
    if (!['avg', 'p50', 'p90', 'p95', 'p99'].includes(String(type)))
      r.fail(
        `${at}.usageAggregationType`,
        `${JSON.stringify(type)} is not one of avg, p50, p90, p95, p99 (Koordinator's AggregationType)`,
      );
    aggregation = {
      type: type as 'avg',
      threshold: r.number(
        r.cpuOnly(a.usageThresholds, `${at}.usageThresholds`),
        `${at}.usageThresholds.cpu`,
        KOORD_RULE_THRESHOLD,
        isPercent,
      ),
      duration:
        a.usageAggregatedDuration === undefined
          ? 0
          : r.duration(a.usageAggregatedDuration, `${at}.usageAggregatedDuration`),
    };
  }
  return {
    scheduler: 'koordinator',
    settings: {
      ...KOORD_ONLINE_DEFAULTS,
      threshold,
      factor,
      ...(aggregation ? { aggregation } : {}),
    },
  };
}

function trimaranTlp(r: Reader, args: Doc, path: string): OnlineSettings {
  r.only(args, path, ['targetUtilization', 'defaultRequests', 'defaultRequestsMultiplier']);
  const d = TLP_ONLINE_DEFAULTS;
  const targetUtilization =
    args.targetUtilization === undefined
      ? d.targetUtilization
      : r.number(
          args.targetUtilization,
          `${path}.targetUtilization`,
          'Trimaran’s (0, 100] (an integer percent, TargetLoadPackingArgs)',
          (x) => Number.isInteger(x) && x > 0 && x <= 100,
        );
  const defaultRequestsMultiplier =
    args.defaultRequestsMultiplier === undefined
      ? d.defaultRequestsMultiplier
      : r.number(
          args.defaultRequestsMultiplier,
          `${path}.defaultRequestsMultiplier`,
          '(0, ∞) (a float as text, TargetLoadPackingArgs)',
          (x) => x > 0,
        );
  let defaultRequestsMilli = d.defaultRequestsMilli;
  if (args.defaultRequests !== undefined) {
    const cpu = r.cpuOnly(args.defaultRequests, `${path}.defaultRequests`);
    const text = String(cpu);
    const milli = /m$/.test(text)
      ? decimalOrNull(text.slice(0, -1))
      : (decimalOrNull(text) ?? NaN) * 1000;
    defaultRequestsMilli = r.number(
      milli,
      `${path}.defaultRequests.cpu`,
      'a CPU quantity ≥ 0 (e.g. 1000m or 1)',
      (x) => x >= 0,
    );
  }
  return {
    scheduler: 'trimaran-tlp',
    settings: { targetUtilization, defaultRequestsMultiplier, defaultRequestsMilli },
  };
}

function trimaranLvrb(r: Reader, args: Doc, path: string): OnlineSettings {
  r.only(args, path, ['safeVarianceMargin', 'safeVarianceSensitivity']);
  const d = LVRB_ONLINE_DEFAULTS;
  const read = (k: 'safeVarianceMargin' | 'safeVarianceSensitivity') =>
    args[k] === undefined
      ? d[k]
      : r.number(
          args[k],
          `${path}.${k}`,
          'Trimaran’s range [0, ∞) (LoadVariationRiskBalancingArgs)',
          (x) => x >= 0,
        );
  return {
    scheduler: 'trimaran-lvrb',
    settings: {
      safeVarianceMargin: read('safeVarianceMargin'),
      safeVarianceSensitivity: read('safeVarianceSensitivity'),
    },
  };
}

function nodeResourcesFit(r: Reader, args: Doc, path: string): OnlineSettings {
  r.only(args, path, ['scoringStrategy']);
  const s = args.scoringStrategy;
  if (s === undefined) return { scheduler: 'kube-default', strategy: 'LeastAllocated' };
  if (!isDoc(s)) r.fail(`${path}.scoringStrategy`, 'expected a map');
  r.only(s, `${path}.scoringStrategy`, ['type', 'resources']);
  const type = s.type ?? 'LeastAllocated';
  if (type !== 'LeastAllocated' && type !== 'MostAllocated')
    r.fail(
      `${path}.scoringStrategy.type`,
      `${JSON.stringify(type)}: the replay models LeastAllocated and MostAllocated`,
    );
  if (s.resources !== undefined) {
    if (!Array.isArray(s.resources)) r.fail(`${path}.scoringStrategy.resources`, 'expected a list');
    s.resources.forEach((res: unknown, k) => {
      const at = `${path}.scoringStrategy.resources[${k}]`;
      if (!isDoc(res)) r.fail(at, 'expected name and weight');
      r.only(res, at, ['name', 'weight']);
      if (res.name !== 'cpu' && res.name !== 'memory')
        r.fail(
          `${at}.name`,
          `${JSON.stringify(res.name)}: the replay models cpu (memory has no data and is left out)`,
        );
      if (res.weight !== undefined)
        r.number(
          res.weight,
          `${at}.weight`,
          'kube-scheduler’s range 1–100 (ValidateNodeResourcesFitArgs)',
          (x) => Number.isInteger(x) && x >= 1 && x <= 100,
        );
    });
  }
  return { scheduler: 'kube-default', strategy: type };
}

const READERS: Record<string, (r: Reader, args: Doc, path: string) => OnlineSettings> = {
  NodeResourcesFit: nodeResourcesFit,
  LoadAwareScheduling: koordinator,
  TargetLoadPacking: trimaranTlp,
  LoadVariationRiskBalancing: trimaranLvrb,
};

const isCpuMetric = (name: unknown): name is CraneMetric =>
  (CRANE_METRICS as readonly unknown[]).includes(name);

/** A list of maps under spec, each entry's name a Crane metric (memory ones left out). */
function craneList(r: Reader, spec: Doc, key: string, fields: readonly string[]): Doc[] {
  const list = spec[key];
  if (list === undefined) return [];
  if (!Array.isArray(list)) r.fail(`spec.${key}`, 'expected a list');
  const out: Doc[] = [];
  list.forEach((e: unknown, k) => {
    const at = `spec.${key}[${k}]`;
    if (!isDoc(e)) r.fail(at, 'expected a map');
    r.only(e, at, fields);
    if (key === 'hotValue') out.push(e);
    else if (isCpuMetric(e.name)) out.push(e);
    else if (!/^mem_usage_(avg_5m|max_avg_1h|max_avg_1d)$/.test(String(e.name)))
      r.fail(`${at}.name`, `${JSON.stringify(e.name)} is not one of Crane's metrics`);
  });
  return out;
}

/** Crane's DynamicSchedulerPolicy (pkg/plugins/apis/policy types; deploy/manifests/dynamic/policy.yaml). */
function cranePolicy(r: Reader, doc: Doc): OnlineSettings {
  r.only(doc, '(top)', ['spec']);
  const spec = doc.spec;
  if (!isDoc(spec)) r.fail('spec', 'expected a map');
  r.only(spec, 'spec', ['syncPolicy', 'predicate', 'priority', 'hotValue']);
  const sync = { ...CRANE_ONLINE_DEFAULTS.sync } as Record<CraneMetric, number>;
  const synced = new Set<CraneMetric>();
  craneList(r, spec, 'syncPolicy', ['name', 'period']).forEach((e) => {
    const name = e.name as CraneMetric;
    sync[name] = r.duration(e.period, `spec.syncPolicy(${name}).period`);
    if (sync[name] <= 0) r.fail(`spec.syncPolicy(${name}).period`, 'must be longer than 0');
    synced.add(name);
  });
  const predicates = craneList(r, spec, 'predicate', ['name', 'maxLimitPecent']).map((e) => ({
    name: e.name as CraneMetric,
    maxLimitPecent: r.number(
      e.maxLimitPecent,
      `spec.predicate(${String(e.name)}).maxLimitPecent`,
      '[0, 1] (a fraction of the node; 0 turns it off)',
      (x) => x >= 0 && x <= 1,
    ),
  }));
  const priorities = craneList(r, spec, 'priority', ['name', 'weight']).map((e) => ({
    name: e.name as CraneMetric,
    weight: r.number(e.weight, `spec.priority(${String(e.name)}).weight`, '[0, ∞)', (x) => x >= 0),
  }));
  for (const e of [...predicates, ...priorities])
    if (!synced.has(e.name))
      r.fail(
        `spec.syncPolicy`,
        `no period for ${e.name}: Crane skips a metric without one (getActiveDuration)`,
      );
  const hotValue = craneList(r, spec, 'hotValue', ['timeRange', 'count']).map((e, k) => ({
    timeRange: r.duration(e.timeRange, `spec.hotValue[${k}].timeRange`),
    count: r.number(
      e.count,
      `spec.hotValue[${k}].count`,
      'an integer ≥ 1 (Crane divides by it)',
      (x) => Number.isInteger(x) && x >= 1,
    ),
  }));
  const settings: CraneSettings = { predicates, priorities, sync, hotValue };
  return { scheduler: 'crane', settings };
}

export function readSchedulerConfig(
  text: string,
  file: string,
  scheduler?: string,
): OnlineSettings {
  const r: Reader = new Reader(file);
  const doc = parseYaml(text, file);
  if (!isDoc(doc)) r.fail('(top)', 'expected a KubeSchedulerConfiguration object');
  if (doc.kind === 'DynamicSchedulerPolicy') {
    const crane = cranePolicy(r, doc);
    if (scheduler !== undefined && scheduler !== 'crane')
      r.fail('kind', `a Crane policy, but --scheduler is ${scheduler}`);
    return crane;
  }
  if (doc.kind !== 'KubeSchedulerConfiguration')
    r.fail(
      'kind',
      `${JSON.stringify(doc.kind)}: expected KubeSchedulerConfiguration or DynamicSchedulerPolicy (Crane)`,
    );
  r.only(doc, '(top)', ['profiles']);
  if (!Array.isArray(doc.profiles) || doc.profiles.length !== 1)
    r.fail('profiles', 'expected one profile (the scheduler replayed)');
  const profile = doc.profiles[0] as unknown;
  if (!isDoc(profile)) r.fail('profiles[0]', 'expected a map');
  r.only(profile, 'profiles[0]', ['schedulerName', 'plugins', 'pluginConfig']);
  const configs = profile.pluginConfig ?? [];
  if (!Array.isArray(configs)) r.fail('profiles[0].pluginConfig', 'expected a list');
  let found: OnlineSettings | null = null;
  configs.forEach((c: unknown, k) => {
    const at = `profiles[0].pluginConfig[${k}]`;
    if (!isDoc(c)) r.fail(at, 'expected name and args');
    r.only(c, at, ['name', 'args']);
    const read = READERS[String(c.name)];
    if (!read)
      r.fail(
        `${at}.name`,
        `${JSON.stringify(c.name)}: the replay models ${Object.keys(READERS).join(', ')}`,
      );
    if (found) r.fail(at, 'one scheduling plugin per file (write one file per setting to compare)');
    const args = c.args ?? {};
    if (!isDoc(args)) r.fail(`${at}.args`, 'expected a map');
    found = read(r, args, `${at}.args`);
  });
  const settings: OnlineSettings = found ?? {
    scheduler: 'kube-default',
    strategy: 'LeastAllocated',
  };
  if (scheduler !== undefined && scheduler !== settings.scheduler)
    r.fail(
      'profiles[0].pluginConfig',
      `configures ${settings.scheduler} (${Object.entries(PLUGINS).find(([, v]) => v === settings.scheduler)![0]}), but --scheduler is ${scheduler}`,
    );
  return settings;
}
