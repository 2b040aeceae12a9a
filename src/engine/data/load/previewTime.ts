/**
 * The time axis of a preview, for data whose samples carry timestamps: the sampling step (each
 * series' median step between samples, the load's the median of those; a series more than 1.5×
 * off it is listed with its own step and file, as aligned.ts refuses such a load), the common span
 * where every series has begun and not yet ended with how much of each series lies in it, and the
 * series that start or end inside the load's range, the least covered named. Coverage is a series'
 * samples over the load's instants (range / step + 1), as aligned.ts counts it. Computed on the
 * file heads the preview reads, so it describes their first rows, not the whole files.
 */
import type { TaskSamples } from '../samples/samples.ts';

export interface SeriesStep {
  readonly series: string;
  readonly file: string | null;
  readonly step: number;
}

export interface TimeAxisPreview {
  /** The load's sampling step in seconds; null when no series has two samples. */
  readonly step: number | null;
  /** Series whose own step is more than 1.5× off `step` (empty when the steps agree). */
  readonly offSteps: readonly SeriesStep[];
  /** The distinct steps per file, when the files' steps differ (else empty). */
  readonly fileSteps: readonly { readonly file: string; readonly step: number }[];
  readonly range: { readonly start: number; readonly end: number };
  /** Where every series has begun and none has ended; null: no common instant. */
  readonly common: { readonly start: number; readonly end: number } | null;
  /** Per series, the share of its own span inside the common span (0 when there is none). */
  readonly overlap: readonly { readonly series: string; readonly share: number }[];
  /** Series starting after the range's start, and ending before its end. */
  readonly startInside: number;
  readonly endInside: number;
  /** The least covered series (at most 3), with their coverage of the load's instants. */
  readonly leastCovered: readonly { readonly series: string; readonly coverage: number }[];
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function seriesStep(t: Float64Array): number | null {
  if (t.length < 2) return null;
  const gaps: number[] = [];
  for (let k = 1; k < t.length; k++) gaps.push(Math.abs(t[k] - t[k - 1]));
  return median(gaps);
}

function spanOf(t: Float64Array): { start: number; end: number } {
  let start = Infinity;
  let end = -Infinity;
  for (let k = 0; k < t.length; k++) {
    if (t[k] < start) start = t[k];
    if (t[k] > end) end = t[k];
  }
  return { start, end };
}

/** The time axis of `samples` (null without timestamps); `fileOf` names each series' file. */
export function timeAxisPreview(
  samples: TaskSamples,
  fileOf: (series: string) => string | null = () => null,
): TimeAxisPreview | null {
  const times = samples.times?.filter((t) => t.length > 0);
  if (!times || times.length === 0 || times.length !== samples.ids.length) return null;
  const ids = samples.ids;
  const steps = times.map(seriesStep);
  const known = steps.filter((s): s is number => s !== null && s > 0);
  const step = known.length ? median(known) : null;
  const offSteps: SeriesStep[] = [];
  const byFile = new Map<string, number[]>();
  steps.forEach((s, i) => {
    if (s === null || step === null) return;
    const file = fileOf(ids[i]);
    if (file !== null) byFile.set(file, [...(byFile.get(file) ?? []), s]);
    if (s > 1.5 * step || s < step / 1.5) offSteps.push({ series: ids[i], file, step: s });
  });
  const fileSteps = [...byFile].map(([file, s]) => ({ file, step: median(s) }));
  const differ = fileSteps.some((f) => f.step !== fileSteps[0].step);
  const spans = times.map(spanOf);
  const range = {
    start: Math.min(...spans.map((s) => s.start)),
    end: Math.max(...spans.map((s) => s.end)),
  };
  const latestStart = Math.max(...spans.map((s) => s.start));
  const earliestEnd = Math.min(...spans.map((s) => s.end));
  const common = latestStart <= earliestEnd ? { start: latestStart, end: earliestEnd } : null;
  const overlap = spans.map((s, i) => ({
    series: ids[i],
    share: !common
      ? 0
      : s.end === s.start
        ? 1
        : (Math.min(s.end, common.end) - Math.max(s.start, common.start)) / (s.end - s.start),
  }));
  const instants = step ? Math.round((range.end - range.start) / step) + 1 : 1;
  const coverage = times.map((t, i) => ({
    series: ids[i],
    coverage: Math.min(1, t.length / instants),
  }));
  return {
    step,
    offSteps,
    fileSteps: differ ? fileSteps : [],
    range,
    common,
    overlap,
    startInside: spans.filter((s) => s.start > range.start).length,
    endInside: spans.filter((s) => s.end < range.end).length,
    leastCovered: coverage
      .filter((c) => c.coverage < 1)
      .sort((a, b) => a.coverage - b.coverage)
      .slice(0, 3),
  };
}
