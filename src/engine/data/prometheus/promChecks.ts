/**
 * The usual mistakes of a Prometheus export, caught before anything is packed (SPEC §10 is silent
 * on them; the choices are written here): a counter read as a usage ("use rate()"), the pod-level
 * cgroup (`container=""`) summed with its containers (every pod twice), a step coarser than the
 * rate window (samples between steps never seen), series that start or end inside the range (pods
 * created or deleted: kept, their coverage shown), a range partly without any sample (days, or hours
 * of a range under two days, none of whose minutes has a sample: retention or a scrape outage; what
 * is measured is then of the instants with samples only), and samples that are not numbers (NaN,
 * ±Inf, null: dropped and counted, never read as 0).
 */
import { isCounter } from './counter.ts';

/** Seconds of a Prometheus duration (`5m`, `1h30m`, `7d`, `90s`, `500ms`), or NaN. */
export function parseDuration(text: string): number {
  const unit: Record<string, number> = {
    ms: 0.001,
    s: 1,
    m: 60,
    h: 3600,
    d: 86400,
    w: 604800,
    y: 31536000,
  };
  const t = text.trim();
  if (!/^(\d+(\.\d+)?(ms|s|m|h|d|w|y))+$/.test(t)) return NaN;
  let total = 0;
  for (const m of t.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w|y)/g))
    total += Number(m[1]) * unit[m[2]];
  return total;
}

/** The range windows of a PromQL query (`[5m]`, `[1h:1m]` reads its range), in seconds. */
export function rateWindows(query: string): number[] {
  const out: number[] = [];
  for (const m of query.matchAll(/\[\s*([0-9a-z.]+)\s*(?::[0-9a-z.]*)?\]/g)) {
    const s = parseDuration(m[1]);
    if (s > 0) out.push(s);
  }
  return out;
}

/** What the query text itself gets wrong: the cAdvisor pod cgroup summed in, a step past the window. */
export function queryFindings(query: string, step?: number): string[] {
  const out: string[] = [];
  const cadvisor = /container_(cpu_usage_seconds_total|memory_working_set_bytes)/.exec(query);
  if (cadvisor && !/container\s*(!=\s*""|!~\s*"\^?\$?")/.test(query))
    out.push(
      `double count: the query sums ${cadvisor[0]} without container!="": cAdvisor also exports each pod's own cgroup (container=""), so every pod is counted twice; add {container!="", image!=""}`,
    );
  const windows = rateWindows(query);
  if (step !== undefined && windows.length && step > Math.min(...windows))
    out.push(
      `the step (${step} s) is coarser than the query's rate window (${Math.min(...windows)} s): the samples between two steps are never seen; use a window of at least the step`,
    );
  return out;
}

const NON_FINITE = ['NaN', '+Inf', '-Inf', 'Inf', 'null'] as const;
/** The spelling of a sample that is not a number, when Prometheus (or JSON) spells it so. */
export function nonFiniteKind(raw: string | undefined): (typeof NON_FINITE)[number] | null {
  if (raw === undefined) return null;
  const k = raw.trim();
  return (NON_FINITE as readonly string[]).includes(k) ? (k as (typeof NON_FINITE)[number]) : null;
}

/** Findings over the series of one load, fed one series at a time. */
export class PromChecks {
  private readonly containers = new Map<string, { empty: boolean; named: string | null }>();
  private readonly spans: { id: string; first: number; last: number; points: number }[] = [];
  private readonly nonFinite = new Map<string, number>();
  private readonly nonFiniteExamples: string[] = [];
  private counters = 0;
  private readonly counterExamples: string[] = [];
  private step = Infinity;
  /** The minutes (unix s / 60) holding a sample of any series, for the gaps of the range. */
  private readonly minutes = new Set<number>();

  series(id: string, labels: Record<string, unknown>, times: ArrayLike<number>): void {
    // Prometheus drops empty labels: the pod's own cgroup comes without a container label at all.
    const pod = labels.pod ?? labels.pod_name;
    if (typeof pod === 'string') {
      const key = `${String(labels.namespace ?? '')}/${pod}`;
      const c = this.containers.get(key) ?? { empty: false, named: null };
      const container = labels.container ?? labels.container_name;
      if (typeof container === 'string' && container !== '') c.named ??= container;
      else c.empty = true;
      this.containers.set(key, c);
    }
    let first = Infinity;
    let last = -Infinity;
    let points = 0;
    for (let j = 0; j < times.length; j++) {
      const t = times[j];
      if (!Number.isFinite(t)) continue;
      if (points > 0 && t - last > 0 && t - last < this.step) this.step = t - last;
      if (t < first) first = t;
      if (t > last) last = t;
      this.minutes.add(Math.floor(t / 60));
      points++;
    }
    if (points > 0) this.spans.push({ id, first, last, points });
  }

  counter(id: string): void {
    this.counters++;
    if (this.counterExamples.length < 3) this.counterExamples.push(id);
  }

  notANumber(id: string, kind: string, time: number): void {
    this.nonFinite.set(kind, (this.nonFinite.get(kind) ?? 0) + 1);
    if (this.nonFiniteExamples.length < 3) this.nonFiniteExamples.push(`${id} at ${time}`);
  }

  /** Samples dropped as not numbers. */
  get dropped(): number {
    let n = 0;
    for (const c of this.nonFinite.values()) n += c;
    return n;
  }

  /** Pods present both as their own cgroup (container="" or none) and as containers. */
  private doubleCounted(): string[] {
    const out: string[] = [];
    for (const [pod, c] of this.containers) if (c.empty && c.named !== null) out.push(pod);
    return out;
  }

  /** Why the series cannot be read as usage, each pod counted twice, or null. */
  doubleCountProblem(): string | null {
    const doubled = this.doubleCounted();
    if (doubled.length === 0) return null;
    return `double count: ${doubled.length} pod(s) come both as their own cgroup (container="") and as their containers (e.g. ${doubled.slice(0, 3).join(', ')}): summing both counts each pod twice; add {container!="", image!=""} to the query`;
  }

  /** The notes of every check that found something, for the load report. */
  notes(range?: { start: number; end: number }): string[] {
    const out: string[] = [];
    if (this.counters)
      out.push(
        `${this.counters} series only grow (counters, e.g. ${this.counterExamples.join(', ')}): a counter is not a usage; use rate(…[5m])`,
      );
    if (this.dropped) {
      const kinds = [...this.nonFinite].map(([k, n]) => `${n} ${k}`).join(', ');
      out.push(
        `${this.dropped} sample(s) not numbers dropped (${kinds}; e.g. ${this.nonFiniteExamples.join('; ')}), never read as 0`,
      );
    }
    out.push(...this.gapNotes(range), ...this.coverageNotes(range));
    return out;
  }

  /** "4 of 7 days have samples": the days (hours under two days) of the range with none. */
  private gapNotes(range?: { start: number; end: number }): string[] {
    if (this.minutes.size === 0) return [];
    const times = [...this.minutes].map((m) => m * 60);
    const start = range?.start ?? Math.min(...times);
    const end = range?.end ?? Math.max(...times);
    const span = end - start;
    const unit = span >= 2 * 86400 ? 86400 : span >= 2 * 3600 ? 3600 : 0;
    if (unit === 0) return [];
    const parts = Math.ceil(span / unit);
    const seen = new Uint8Array(parts);
    for (const t of times) {
      const k = Math.floor((t - start) / unit);
      if (k >= 0) seen[Math.min(k, parts - 1)] = 1;
    }
    const missing: number[] = [];
    seen.forEach((s, k) => s || missing.push(k));
    if (missing.length === 0) return [];
    const word = unit === 86400 ? 'days' : 'hours';
    const from = (k: number) =>
      new Date((start + k * unit) * 1000).toISOString().replace(/:00\.000Z$/, 'Z');
    const listed = missing.slice(0, 3).map(from).join(', ');
    return [
      `${parts - missing.length} of ${parts} ${word} of the range have samples (none in the ${word} from ${listed}${missing.length > 3 ? ', …' : ''}): what is measured over the range is of the instants with samples only`,
    ];
  }

  private coverageNotes(range?: { start: number; end: number }): string[] {
    if (this.spans.length === 0) return [];
    const start = range?.start ?? Math.min(...this.spans.map((s) => s.first));
    const end = range?.end ?? Math.max(...this.spans.map((s) => s.last));
    const step = Number.isFinite(this.step) ? this.step : 0;
    const partial = this.spans.filter((s) => s.first > start + step || s.last < end - step);
    if (partial.length === 0 || end <= start) return [];
    const cover = (s: (typeof partial)[number]) =>
      `${s.id} ${Math.round(((s.last - s.first) / (end - start)) * 100)} % (${s.first}–${s.last})`;
    return [
      `${partial.length} of ${this.spans.length} series start or end inside the range ${start}–${end} (pods created or deleted), kept: ${partial.slice(0, 3).map(cover).join('; ')}${partial.length > 3 ? '; …' : ''}`,
    ];
  }
}

/**
 * The checks `inspect` makes of a Prometheus load, made on series already read whole (`assess`): the
 * notes of `PromChecks.notes` (counters, gaps, series starting or ending inside the range) and the
 * double count, which the reader refuses.
 */
export function seriesFindings(
  series: readonly {
    readonly id: string;
    readonly labels: Record<string, unknown>;
    readonly times: ArrayLike<number>;
    readonly values: ArrayLike<number>;
  }[],
  range?: { start: number; end: number },
): { notes: string[]; refusal: string | null } {
  const checks = new PromChecks();
  for (const s of series) {
    checks.series(s.id, s.labels, s.times);
    if (isCounter(s.values)) checks.counter(s.id);
  }
  return { notes: checks.notes(range), refusal: checks.doubleCountProblem() };
}
