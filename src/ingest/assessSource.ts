/**
 * The inputs of an assessment of the cluster as it is: labeled series with their timestamps, read
 * from a live source (chunked as any load) or from exported query_range files, the node of each
 * pod (its `node` label, else a pod→node CSV), and the nodes' cores. Runs in the ingestion worker
 * and on the command line.
 */
import {
  DataError,
  SeriesCollector,
  alignSeries,
  assessFits,
  assessPlacement,
  counterReason,
  isCounter,
  queryFindings,
  seriesFindings,
  type LabeledSeries,
  type PlacementAssessment,
  type PlacementInput,
  type PromSource,
} from '../engine/index.ts';
import {
  clusterFacts,
  withRangeInputs,
  referenceCores,
  describeSourceFailure,
  type ClusterFacts,
  type PromAccess,
} from './prometheusSource.ts';
import { pump, type InputFile, type StreamControl } from './stream.ts';
import { setting } from '../engine/index.ts';

/** Reads query_range answers (one per input) into labeled series. */
export async function collectSeries(
  inputs: readonly InputFile[],
  control: StreamControl = {},
): Promise<{ series: LabeledSeries[]; notNumbers: number; notes: string[] }> {
  const c = new SeriesCollector();
  for (let i = 0; i < inputs.length; i++)
    await pump(inputs[i], c.file(inputs[i].name, inputs[i].asked), control, {
      fileIndex: i,
      files: inputs.length,
    });
  return { series: c.series(), notNumbers: c.notNumbers, notes: c.notes };
}

/** `pod,node` lines (a header line is skipped) as a map; the pod may be `namespace/pod`. */
export function parsePodNodes(text: string, name: string): Map<string, string> {
  const out = new Map<string, string>();
  text.split(/\r?\n/).forEach((line, i) => {
    const f = line.split(',').map((s) => s.trim());
    if (f.length < 2 || f[0] === '' || (i === 0 && /^pod$/i.test(f[0]))) return;
    if (f.length !== 2)
      throw new DataError(name, i + 1, `expected pod,node (got ${f.length} fields)`);
    out.set(f[0], f[1]);
  });
  return out;
}

export interface AssessOptions {
  readonly slo: number;
  /** Overrides the server's node cores (one size for every node). */
  readonly coresPerMachine?: number;
  readonly podNodes?: ReadonlyMap<string, string>;
  /** Node capacity in machine units: a node holds this share of its cores (default 1). */
  readonly capacity?: number;
  /** The series kept (by their labels), in order; the rest are not assessed. */
  readonly keep?: (labels: readonly Record<string, string>[]) => number[];
  /** The learned and judged columns of the aligned instants (seconds), or undefined: all. */
  readonly parts?: (instants: Float64Array) => PlacementInput['parts'];
  /** The range asked for (unix s), for the checks of its gaps; else the data's own span. */
  readonly range?: { readonly start: number; readonly end: number };
  /** Seconds q now looks back from the last judged instant (default an hour). */
  readonly nowSeconds?: number;
}

/** q now: the last hour, as `kubectl top` and a dashboard's "now" panel read it. */
const NOW_SECONDS = 3600;

export interface Assessment extends PlacementAssessment {
  readonly series: number;
  readonly notNumbers: number;
  readonly coresFrom: string;
  readonly start: number;
  readonly end: number;
  /** q now's window: seconds asked for and the first instant in it (unix s). */
  readonly now: { readonly seconds: number; readonly start: number };
  /** What the reading noted: the servers' warnings, samples outside the asked range. */
  readonly notes: readonly string[];
}

/** A series' name in the notes and tables: `namespace/pod`, else its label values. */
function seriesId(labels: Record<string, string>): string {
  return labels.pod
    ? `${labels.namespace ? `${labels.namespace}/` : ''}${labels.pod}`
    : Object.values(labels).join(',');
}

/** A series' labels but `__name__`, sorted, `a=x,b=y` (as inspect names a series). */
function labelsText(labels: Record<string, string>): string {
  return Object.keys(labels)
    .filter((k) => k !== '__name__')
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(',');
}

/** The node of a series: its label, else the pod→node map by `namespace/pod` or `pod`. */
function nodeOf(labels: Record<string, string>, podNodes?: ReadonlyMap<string, string>): string {
  if (labels.node) return labels.node;
  const pod = labels.pod ?? '';
  const n = podNodes?.get(`${labels.namespace ?? ''}/${pod}`) ?? podNodes?.get(pod);
  if (n) return n;
  throw new DataError(
    'assess',
    null,
    `series ${JSON.stringify(labels)} has no node label and the pod→node CSV does not name it: keep node in the query's "by (…)" or give ${setting('nodes pod,node.csv', 'a pod→node CSV')}`,
  );
}

/**
 * The sample checks `inspect` makes of a Prometheus series, made here too: a value that is not a
 * finite number, is negative, or is above the cores of the pod's node is refused, naming the
 * series and the point (a pod cannot use more than its node; 1e308 would make every mean null), a
 * counter with inspect's words (query its rate()).
 */
function checkSamples(
  series: readonly LabeledSeries[],
  coresOf: (s: LabeledSeries) => number,
): void {
  series.forEach((s, k) => {
    const cores = coresOf(s);
    const at = s.values.findIndex((v) => !(Number.isFinite(v) && v >= 0 && v <= cores));
    if (at < 0) return;
    const labels = labelsText(s.labels);
    const v = s.values[at];
    if (isCounter(s.values))
      throw new DataError(
        `series ${k + 1} (${labels})`,
        null,
        counterReason(Math.max(...s.values), s.values.length),
      );
    throw new DataError(
      `series ${k + 1} (${labels})`,
      null,
      `point ${at + 1}: value ${v} ${v < 0 ? 'is negative' : Number.isFinite(v) ? `is above the ${cores} cores of its node` : 'is not a finite number'}`,
    );
  });
}

/** Judges the placement the series show (see engine assess/placement.ts). */
export function assessSeries(
  collected: { series: LabeledSeries[]; notNumbers: number; notes?: readonly string[] },
  facts: ClusterFacts | null,
  o: AssessOptions,
): Assessment {
  const series = o.keep
    ? o.keep(collected.series.map((s) => s.labels)).map((k) => collected.series[k])
    : collected.series;
  if (series.length === 0) throw new DataError('assess', null, 'no series to assess');
  // Named as inspect names a series (its labels), so that both say the same words.
  const checked = seriesFindings(
    series.map((s) => ({ ...s, id: labelsText(s.labels) })),
    o.range,
  );
  if (checked.refusal) throw new DataError('assess', null, checked.refusal);
  const nodeCores: Record<string, number> =
    o.coresPerMachine !== undefined ? {} : { ...(facts?.nodeCores ?? {}) };
  const ref = o.coresPerMachine ?? referenceCores(nodeCores);
  if (ref === undefined)
    throw new RangeError(
      `node cores needed: the data carry neither kube_node_status_allocatable nor machine_cpu_cores; give the nodes' cores (${setting('cores-per-machine N', '"cores per node" in the From Prometheus panel')})`,
    );
  checkSamples(series, (s) => nodeCores[nodeOf(s.labels, o.podNodes)] ?? ref);
  const { instants, usage } = alignSeries(series);
  const ids = series.map((s) => seriesId(s.labels));
  const c = o.capacity ?? 1;
  const parts = o.parts?.(instants);
  const judge = parts?.judge ?? { start: 0, end: instants.length };
  const nowSeconds = o.nowSeconds ?? NOW_SECONDS;
  const last = instants[judge.end - 1];
  let nowStart = judge.end - 1;
  while (nowStart > judge.start && instants[nowStart - 1] > last - nowSeconds) nowStart--;
  const rangeNotes =
    nowStart === judge.start
      ? [
          `the judged range (${Math.round(last - instants[judge.start])} s) is not longer than ${setting('now', 'the "q now" window')} (${nowSeconds} s): q now is the range's q`,
        ]
      : [];
  const placement = assessPlacement({
    ids,
    nodes: series.map((s) => nodeOf(s.labels, o.podNodes)),
    usage,
    nodeCores: Object.fromEntries(Object.entries(nodeCores).map(([n, k]) => [n, k * c])),
    referenceCores: ref * c,
    ...(parts ? { parts } : {}),
    now: { start: nowStart, end: judge.end },
    slo: o.slo,
    fits: assessFits(o.slo),
  });
  return {
    ...placement,
    series: series.length,
    notNumbers: collected.notNumbers,
    coresFrom:
      o.coresPerMachine !== undefined
        ? 'cores per machine given'
        : (facts?.coresFrom ?? 'cores per machine given'),
    start: instants[judge.start],
    end: last,
    now: { seconds: nowSeconds, start: instants[nowStart] },
    notes: [...(collected.notes ?? []), ...checked.notes, ...rangeNotes],
  };
}

/** Assesses a live source: its series, chunk after chunk, and what the cluster says of its nodes. */
export async function assessSource(
  source: PromSource,
  access: PromAccess,
  o: AssessOptions,
  control: StreamControl = {},
): Promise<Assessment> {
  const a = { ...access, signal: access.signal ?? control.signal };
  const facts = o.coresPerMachine !== undefined ? null : await clusterFacts(source, a);
  try {
    const collected = await withRangeInputs(source, a, (inputs) => collectSeries(inputs, control));
    if (collected.series.length === 0) throw new DataError(source.url, null, 'no data rows');
    const notes = [...queryFindings(source.query, source.step), ...collected.notes];
    return assessSeries({ ...collected, notes }, facts, {
      range: { start: source.start, end: source.end },
      ...o,
    });
  } catch (e) {
    throw describeSourceFailure(e, source);
  }
}
