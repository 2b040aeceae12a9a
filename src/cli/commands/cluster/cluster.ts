/** `cluster`: CPU + memory packing on machine types (SPEC §14), task classes, container counts. */
import { decimalOrNull } from '../../../engine/numberText.ts';
import { basename, dirname } from 'node:path';
import {
  analyzeClasses,
  CLASS_FEATURES,
  type ClassFeatures,
} from '../../../engine/cluster/index.ts';
import { KMEANS_STARTS, elbowK } from '../../../engine/cluster/index.ts';
import { formatMultiFit } from '../../../engine/cluster/index.ts';
import { CLUSTER_SLO, parseSlo } from '../../../engine/fit/index.ts';
import {
  HARMONY_POWER_NOTE,
  HARMONY_TYPES,
  RESOURCES,
  machineTypesFromJson,
  type MachineType,
} from '../../../engine/cluster/index.ts';
import type { MultiMeasure } from '../../../engine/cluster/index.ts';
import { MULTI_PACKERS, type MultiPacker, type OpenPolicy } from '../../../engine/cluster/index.ts';
import { allenCunneenDelay, minContainers } from '../../../engine/cluster/index.ts';
import { runCluster } from '../../../engine/cluster/index.ts';
import {
  GOOGLE_TASK_USAGE,
  MULTI_DATASETS,
  realizeMulti,
  type MultiSamples,
  type MultiWorkload,
} from '../../../engine/cluster/index.ts';
import { identityRows } from '../../../engine/workload.ts';
import { CLAIRVOYANCE, SEED } from '../../../engine/ranges.ts';
import {
  CLASS_COUNT,
  ELBOW_K_MAX,
  KMEANS_START_COUNT,
  SERVICE_CV2,
  CLUSTER_REALIZATIONS,
  PERIOD_COUNT,
  TARGET_DELAY,
} from '../../../engine/cluster/index.ts';
import { UsageError, rangeOption, type Options } from '../../args.ts';
import { readText } from '../../io.ts';
import { DEFAULT_DATA_ROOT, loadShared, MULTI_DATASET_IDS } from './clusterData.ts';
import { asUsage, type Command } from '../command.ts';
import { writeFindings } from './clusterFindings.ts';
import { clusterPlacements, provisionJson } from './clusterOutputs.ts';
import {
  clusterPromOptions,
  nodeJson,
  nodeLine,
  nodeType,
  promClusterFrom,
} from './clusterProm.ts';

const DATASETS = MULTI_DATASET_IDS.join(', ');

/** --data: a dataset id, or a path to one of its files (its folder's parent is the data root). */
function dataRef(text: string): { id: string; root: string } {
  if (MULTI_DATASET_IDS.includes(text)) return { id: text, root: DEFAULT_DATA_ROOT };
  const name = basename(text);
  const byFile = MULTI_DATASETS.find((d) =>
    Object.values(d.files).some((f) => basename(f) === name),
  );
  if (byFile) return { id: byFile.id, root: dirname(dirname(text)) };
  if (name === basename(GOOGLE_TASK_USAGE.usage) || name === basename(GOOGLE_TASK_USAGE.events))
    return { id: GOOGLE_TASK_USAGE.id, root: dirname(dirname(text)) };
  throw new UsageError(
    `--data ${text}: not a multi-resource dataset (expected ${DATASETS}, or a path to one of their files)`,
  );
}

function typesFrom(text: string, resources: number): readonly MachineType[] {
  if (text === 'harmony') return HARMONY_TYPES;
  let json: string;
  try {
    json = readText(text);
  } catch (e) {
    throw new UsageError(`--types ${text}: ${(e as Error).message} (or "harmony")`);
  }
  return asUsage(() => machineTypesFromJson(json, resources, text));
}

function resourcesFrom(text: string): string[] {
  const list = text.split(',').map((s) => s.trim());
  for (const r of list)
    if (!(RESOURCES as readonly string[]).includes(r))
      throw new UsageError(`--resources: unknown resource "${r}" (expected cpu, mem)`);
  if (list[0] !== 'cpu' || new Set(list).size !== list.length)
    throw new UsageError('--resources: cpu first, each once (cpu or cpu,mem)');
  return list;
}

async function samplesFrom(o: Options): Promise<MultiSamples> {
  const { id, root } = dataRef(o.data as string);
  const resources = resourcesFrom(o.resources as string);
  return loadShared(id, resources, root).catch((e: unknown) => {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  });
}

async function workloadFrom(o: Options, samples?: MultiSamples): Promise<MultiWorkload> {
  const s = samples ?? (await samplesFrom(o));
  return asUsage(() => realizeMulti(s, o.realizations as number, o.seed as number));
}

function measureJson(m: MultiMeasure, types: readonly MachineType[], resources: readonly string[]) {
  return {
    machines: m.machines,
    machines_by_type: Object.fromEntries(types.map((t, k) => [t.name, m.machinesByType[k]])),
    q: Object.fromEntries(resources.map((r, k) => [r, m.qByResource[k]])),
    q_any: m.qAny,
    mean_power_w: m.meanPower,
    energy_w_columns: m.energy,
    stranded: Object.fromEntries(resources.map((r, k) => [r, m.stranded[k]])),
    evaluated_columns: m.evaluated,
  };
}

function measureText(
  m: MultiMeasure,
  types: readonly MachineType[],
  resources: readonly string[],
): string[] {
  return [
    `machines ${m.machines}: ${types.map((t, k) => `${t.name} ${m.machinesByType[k]}`).join(', ')}`,
    `q ${resources.map((r, k) => `${r} ${m.qByResource[k].toFixed(5)}`).join(', ')}, any ${m.qAny.toFixed(5)} (over ${m.evaluated} columns; 0 means below 1/${m.evaluated})`,
    `energy ${m.energy.toFixed(0)} W·columns (mean ${m.meanPower.toFixed(0)} W)`,
    `stranded ${resources.map((r, k) => `${r} ${m.stranded[k].toFixed(4)}`).join(', ')} (machines’ worth, mean over columns)`,
  ];
}

function erlang(text: string, o: Options, out: (line: string) => void): void {
  const v = text.split(',').map((s) => decimalOrNull(s) ?? NaN);
  if (v.length !== 4 || v.some((x) => !Number.isFinite(x)))
    throw new UsageError(`--erlang "${text}": expected λ,μ,cv2,d (four numbers)`);
  const [lambda, mu, cv2, d] = v;
  const n = asUsage(() => minContainers(lambda, mu, cv2, d));
  const delay = allenCunneenDelay(n, lambda, mu, cv2);
  if (o.json) out(JSON.stringify({ lambda, mu, cv2, target_delay: d, containers: n, delay }));
  else
    out(
      `containers ${n} (delay ${delay.toPrecision(5)} ≤ ${d}; offered load ${(lambda / mu).toPrecision(5)})`,
    );
}

export const cluster: Command = {
  usage:
    'npm run cli -- cluster --data bitbrains-rnd|google-gcd-jobs|google-task-usage|FILE | --prometheus URL [options] | --erlang λ,μ,cv2,d | --findings FILE.md',
  summary: 'Packs CPU + memory on machine types (HARMONY); task classes; container counts (M/G/c).',
  options: {
    data: { kind: 'string', help: `dataset: ${DATASETS}, or a path to one of their files` },
    resources: { kind: 'string', help: 'resources: cpu or cpu,mem', default: 'cpu,mem' },
    types: {
      kind: 'string',
      help: 'machine types: harmony (Table II, the default) or a JSON file {"types": [...]}; with --prometheus the default is the reference node',
    },
    fit: {
      kind: 'string',
      help: 'gpa:ε[:union|indep], additive:ε[:union|indep], request or maxred',
      default: 'gpa:0.01',
    },
    algo: { kind: 'string', help: 'packer', default: 'ff', choices: MULTI_PACKERS },
    open: {
      kind: 'string',
      help: 'type of a new machine: user order or lowest marginal energy',
      default: 'order',
      choices: ['order', 'energy'],
    },
    realizations: rangeOption(CLUSTER_REALIZATIONS, 'realizations R per task', 1000),
    seed: rangeOption(SEED, 'seed', 1),
    clairvoyance: rangeOption(CLAIRVOYANCE, 'share κ of the columns observed (1: all)', 0.5),
    classes: rangeOption(
      CLASS_COUNT,
      'class analysis with K classes (k-means++, elbow, by class vs by task)',
    ),
    features: { kind: 'string', help: 'class features', default: 'usage', choices: CLASS_FEATURES },
    kmax: rangeOption(ELBOW_K_MAX, 'elbow: k from 1 to this', 10),
    starts: rangeOption(
      KMEANS_START_COUNT,
      'k-means++ starts per k, the best kept (as scikit-learn’s n_init)',
      KMEANS_STARTS,
    ),
    erlang: { kind: 'string', help: 'containers for λ,μ,cv2,d (M/G/c, Erlang C + Allen–Cunneen)' },
    findings: {
      kind: 'string',
      help: 'write the pooled / additive / request comparison (Markdown) here',
    },
    placements: {
      kind: 'string',
      help: 'write task,machine,type and per resource the packed size and the mean actual usage here',
    },
    provision: rangeOption(
      PERIOD_COUNT,
      'with --classes K: CBS-RELAX (HiGHS) over this many periods; prints each period’s LP solution and its rounding as JSON',
    ),
    cv2: rangeOption(SERVICE_CV2, '--provision: CV² of the service time', 1),
    delay: rangeOption(TARGET_DELAY, '--provision: target mean wait, in periods', 0.1),
    json: { kind: 'flag', help: 'print JSON' },
    ...clusterPromOptions,
  },
  async run(o, out) {
    if (o.erlang !== undefined) return erlang(o.erlang as string, o, out);
    if (o.findings !== undefined) {
      await writeFindings(o.findings as string, o.seed as number);
      out(`wrote ${o.findings as string}`);
      return;
    }
    if (!o.data && o.prometheus === undefined)
      throw new UsageError('--data is required (or --prometheus URL, --erlang, --findings)');
    const fit = asUsage(() => parseSlo(o.fit as string, CLUSTER_SLO));
    const prom = await promClusterFrom(o, resourcesFrom(o.resources as string));
    const samples = prom?.samples ?? (await samplesFrom(o));
    const w = await workloadFrom(o, samples);
    const types =
      prom && o.types === undefined
        ? [nodeType(prom)]
        : typesFrom((o.types as string | undefined) ?? 'harmony', w.resources.length);
    const rows = identityRows(w.ids.length);
    const common = {
      packer: o.algo as MultiPacker,
      types,
      open: o.open as OpenPolicy,
      clairvoyance: o.clairvoyance as number,
    };
    if (o.classes !== undefined) {
      if (fit.kind !== 'gpa')
        throw new UsageError('--classes packs with GPA: give --fit gpa:ε[:union|indep]');
      const a = asUsage(() =>
        analyzeClasses(w, rows, {
          ...common,
          k: o.classes as number,
          kMax: o.kmax as number,
          seed: o.seed as number,
          starts: o.starts as number,
          features: o.features as ClassFeatures,
          eps: fit.eps,
          split: fit.split,
        }),
      );
      if (o.provision !== undefined) {
        const doc = await provisionJson(samples, a, types, {
          periods: o.provision as number,
          eps: fit.eps,
          split: fit.split,
          cv2: o.cv2 as number,
          targetDelay: o.delay as number,
        });
        return out(JSON.stringify(doc));
      }
      const doc = {
        k: a.clustering.k,
        elbow_sse: a.elbow,
        elbow_k: elbowK(a.elbow),
        class_sizes: Array.from(a.classes.count),
        centroids: a.clustering.centroids.map((c) => Array.from(c)),
        by_task: measureJson(a.byTask, types, w.resources),
        by_class: measureJson(a.byClass, types, w.resources),
      };
      if (o.json) out(JSON.stringify(doc));
      else {
        out(`k = ${doc.k}; elbow at k = ${doc.elbow_k}; class sizes ${doc.class_sizes.join(', ')}`);
        out('by task:');
        measureText(a.byTask, types, w.resources).forEach((l) => out(`  ${l}`));
        out('by class:');
        measureText(a.byClass, types, w.resources).forEach((l) => out(`  ${l}`));
      }
      return;
    }
    if (o.provision !== undefined) throw new UsageError('--provision needs --classes K');
    const r = asUsage(() => runCluster(w, rows, { ...common, fit }));
    if (o.placements) clusterPlacements(o.placements as string, w, rows, r, fit, types);
    const doc = {
      fit: formatMultiFit(fit),
      tasks: w.ids.length,
      ...measureJson(r.measure, types, w.resources),
      oversized: r.packing.oversized.length,
      unplaced: r.packing.unplaced.length,
      ...(prom && o.types === undefined ? nodeJson(prom, r.measure.machines) : {}),
      ...((o.types ?? (prom ? null : 'harmony')) === 'harmony'
        ? { power_note: HARMONY_POWER_NOTE }
        : {}),
    };
    if (o.json) out(JSON.stringify(doc));
    else {
      out(`${doc.tasks} tasks, fit ${doc.fit}, ${o.algo as string}, open by ${o.open as string}`);
      measureText(r.measure, types, w.resources).forEach((l) => out(l));
      if (prom && o.types === undefined) out(nodeLine(prom, r.measure.machines));
      if (doc.oversized || doc.unplaced)
        out(`oversized ${doc.oversized}, unplaced ${doc.unplaced}`);
    }
  },
};
