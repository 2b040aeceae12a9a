/**
 * Timestamped samples of many tasks, arriving interleaved (SPEC §10): the shared bookkeeping of the
 * trace formats (Prometheus, Alibaba, Azure V2, Google 2019, Bitbrains). Per task, timestamps must
 * increase: an earlier timestamp is a bad line (thrown, or skipped and counted); a repeated one is
 * merged into the first by the rule of repeats.ts (or refused as a bad line, rule `refuse`). Gaps — a step above 1.5 × the task's median step — are counted and reported, never
 * filled (the samples stay the ones measured).
 */
import { BadLines, F64Column, I32Column, latin1 } from '../streams/bytes.ts';
import { groupByTask } from './group.ts';
import type { TaskSamples } from './samples.ts';
import { kthSmallest } from '../../stats/select.ts';
import { Repeats, sameValue, type RepeatRule } from './repeats.ts';

/** Gaps found in the kept series. */
export interface GapReport {
  readonly tasksWithGaps: number;
  readonly gaps: number;
  /** The first few, e.g. "vm 7: 900 s between 1372630104 and 1372631004". */
  readonly examples: readonly string[];
  /** Instants read twice, at the end of one file and the start of the next (kept once). */
  readonly boundaryMerged?: number;
  /** Of those, the ones whose two values differed (the first read is kept). */
  readonly boundaryDiffering?: number;
  /** The notes of repeated timestamps within a file (repeats.ts). */
  readonly repeats?: readonly string[];
}

/** A hash of `buf[start..end)`, four bytes per step (FNV-style multiply-xor). */
function hashBytes(buf: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5 ^ (end - start);
  let i = start;
  for (; i + 4 <= end; i += 4)
    h = Math.imul(
      h ^ (buf[i] | (buf[i + 1] << 8) | (buf[i + 2] << 16) | (buf[i + 3] << 24)),
      0x01000193,
    );
  for (; i < end; i++) h = Math.imul(h ^ buf[i], 0x01000193);
  return h ^ (h >>> 15);
}

/** Samples keyed by task id and time, raw (source units) until `finish` converts them. */
export class TimedSeries {
  private readonly index = new Map<string, number>();
  readonly ids: string[] = [];
  private readonly taskOf = new I32Column(1 << 14);
  private readonly time = new F64Column(1 << 14);
  private readonly inst = new F64Column(1 << 14);
  private readonly avg: F64Column | null;
  private lastTime = new Float64Array(256);
  private lastLine = new Int32Array(256);
  private lastValue = new Float64Array(256);
  private lastAvg = new Float64Array(256);
  private lastFile: string[] = [];
  private boundaryMerged = 0;
  private boundaryDiffering = 0;
  readonly repeats: Repeats;

  constructor(
    readonly bad: BadLines,
    withAvg: boolean,
    repeatRule?: RepeatRule,
  ) {
    this.avg = withAvg ? new F64Column(1 << 14) : null;
    this.repeats = new Repeats(repeatRule);
  }

  /** The number of the task whose id is the bytes `buf[start..end)`: no string made for known ids. */
  taskOfBytes(buf: Uint8Array, start: number, end: number, makeId?: () => string): number {
    const n = end - start;
    const h = hashBytes(buf, start, end);
    const table = this.table;
    let slot = (h >>> 0) & (table.length - 1);
    for (;;) {
      const t = table[slot] - 1;
      if (t < 0) break;
      const at = this.keyAt[t];
      if (this.keyAt[t + 1] - at === n) {
        let same = true;
        for (let i = 0; i < n; i++)
          if (this.keys[at + i] !== buf[start + i]) {
            same = false;
            break;
          }
        if (same) return t;
      }
      slot = (slot + 1) & (table.length - 1);
    }
    const t = this.task(makeId ? makeId() : latin1(buf, start, end));
    if (t === this.ids.length - 1 && this.keyAt.length === t + 1)
      this.storeKey(buf, start, end, slot);
    return t;
  }

  private table = new Int32Array(1024);
  private keys = new Uint8Array(1 << 14);
  private keyAt: number[] = [0];

  private storeKey(buf: Uint8Array, start: number, end: number, slot: number): void {
    const t = this.keyAt.length - 1;
    const at = this.keyAt[t];
    const n = end - start;
    if (at + n > this.keys.length) {
      const grown = new Uint8Array(Math.max(this.keys.length * 2, at + n));
      grown.set(this.keys);
      this.keys = grown;
    }
    this.keys.set(buf.subarray(start, end), at);
    this.keyAt.push(at + n);
    this.table[slot] = t + 1;
    if (this.keyAt.length * 2 > this.table.length) this.rehash();
  }

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2);
    for (let t = 0; t + 1 < this.keyAt.length; t++) {
      const at = this.keyAt[t];
      const h = hashBytes(this.keys, at, this.keyAt[t + 1]);
      let slot = (h >>> 0) & (table.length - 1);
      while (table[slot] !== 0) slot = (slot + 1) & (table.length - 1);
      table[slot] = t + 1;
    }
    this.table = table;
  }

  /** The number of a task id, adding it when new. */
  task(id: string): number {
    let t = this.index.get(id);
    if (t !== undefined) return t;
    t = this.ids.length;
    this.index.set(id, t);
    this.ids.push(id);
    if (t >= this.lastTime.length) {
      const grownTime = new Float64Array(this.lastTime.length * 2);
      grownTime.set(this.lastTime);
      this.lastTime = grownTime;
      const grownLine = new Int32Array(this.lastLine.length * 2);
      grownLine.set(this.lastLine);
      this.lastLine = grownLine;
      const grownValue = new Float64Array(this.lastValue.length * 2);
      grownValue.set(this.lastValue);
      this.lastValue = grownValue;
      const grownAvg = new Float64Array(this.lastAvg.length * 2);
      grownAvg.set(this.lastAvg);
      this.lastAvg = grownAvg;
    }
    this.lastTime[t] = -Infinity;
    return t;
  }

  /**
   * Adds one sample; false when it was merged into the previous one (a repeated timestamp, by the
   * rule of repeats.ts) or refused (an earlier timestamp, or a repeat under the rule `refuse`). The
   * last instant of one file read again as the first of the next (contiguous chunks of one range,
   * both ends included) is merged under either rule: kept once, counted, not refused.
   */
  add(t: number, time: number, inst: number, avg: number, file: string, line: number): boolean {
    const last = this.lastTime[t];
    if (time === last && file !== this.lastFile[t]) {
      this.boundaryMerged++;
      if (inst !== this.lastValue[t]) this.boundaryDiffering++;
      this.lastFile[t] = file;
      this.lastLine[t] = line;
      return false;
    }
    if (!(time > last)) {
      const where = `${this.lastFile[t] === file ? '' : `${this.lastFile[t]}, `}line ${this.lastLine[t]}`;
      if (time === last) {
        const same = sameValue(inst, this.lastValue[t]) && sameValue(avg, this.lastAvg[t]);
        const refused = this.repeats.add(this.ids[t], time, same, file, line, where);
        if (refused) this.bad.report(file, line, refused);
        return false;
      }
      this.bad.report(
        file,
        line,
        Number.isNaN(time)
          ? `task ${this.ids[t]}: the timestamp is not a number`
          : `task ${this.ids[t]}: timestamp ${time} is out of order (after ${last} at ${where})`,
      );
      return false;
    }
    this.lastTime[t] = time;
    this.lastLine[t] = line;
    this.lastValue[t] = inst;
    this.lastAvg[t] = avg;
    this.lastFile[t] = file;
    this.taskOf.push(t);
    this.time.push(time);
    this.inst.push(inst);
    this.avg?.push(avg);
    return true;
  }

  get samples(): number {
    return this.taskOf.length;
  }

  /**
   * The series per task, each value mapped by `convert(raw, task)`; tasks in order of first
   * appearance, those `keep(task)` rejects left out.
   */
  finish(
    convert: (raw: number, task: number) => number,
    keep: (task: number) => boolean = () => true,
    secondsPerUnit = 1,
  ): { samples: TaskSamples; gaps: GapReport; kept: number[] } {
    const n = this.ids.length;
    const { offsets, order } = groupByTask(this.taskOf.view(), n);
    const kept: number[] = [];
    for (let t = 0; t < n; t++) if (keep(t) && offsets[t + 1] > offsets[t]) kept.push(t);
    const pick = (col: F64Column) =>
      kept.map((t) => {
        const out = new Float64Array(offsets[t + 1] - offsets[t]);
        for (let k = 0; k < out.length; k++) out[k] = convert(col.data[order[offsets[t] + k]], t);
        return out;
      });
    return {
      samples: {
        ids: kept.map((t) => this.ids[t]),
        inst: pick(this.inst),
        ...(this.avg ? { avg: pick(this.avg) } : {}),
        times: kept.map((t) => {
          const out = new Float64Array(offsets[t + 1] - offsets[t]);
          for (let k = 0; k < out.length; k++)
            out[k] = this.time.data[order[offsets[t] + k]] * secondsPerUnit;
          return out;
        }),
      },
      gaps: this.gaps(kept, offsets, order),
      kept,
    };
  }

  private gaps(kept: number[], offsets: Int32Array, order: Int32Array): GapReport {
    let tasksWithGaps = 0;
    let gaps = 0;
    const examples: string[] = [];
    const time = this.time.data;
    let steps = new Float64Array(1024);
    let scratch = new Float64Array(1024);
    for (const t of kept) {
      const m = offsets[t + 1] - offsets[t];
      if (m < 3) continue;
      if (m > steps.length) {
        steps = new Float64Array(m * 2);
        scratch = new Float64Array(m * 2);
      }
      const at = offsets[t];
      let min = Infinity;
      let max = -Infinity;
      for (let k = 1; k < m; k++) {
        const step = time[order[at + k]] - time[order[at + k - 1]];
        steps[k - 1] = step;
        if (step < min) min = step;
        if (step > max) max = step;
      }
      // A gap is a step above 1.5 × the median: none when even the largest is not.
      if (max <= 1.5 * min) continue;
      scratch.set(steps.subarray(0, m - 1));
      const median = kthSmallest(scratch, Math.floor((m - 2) / 2), m - 1);
      let found = 0;
      for (let k = 0; k < m - 1; k++)
        if (steps[k] > 1.5 * median) {
          found++;
          if (examples.length < 5) {
            const before = time[order[at + k]];
            examples.push(
              `task ${this.ids[t]}: ${steps[k]} between ${before} and ${before + steps[k]} (usual step ${median})`,
            );
          }
        }
      if (found) tasksWithGaps++;
      gaps += found;
    }
    return {
      tasksWithGaps,
      gaps,
      examples,
      boundaryMerged: this.boundaryMerged,
      boundaryDiffering: this.boundaryDiffering,
      repeats: this.repeats.notes(),
    };
  }
}

/** The report notes for gaps (empty when there are none). */
export function gapNotes(g: GapReport): string[] {
  const merged = g.boundaryMerged
    ? [
        `${g.boundaryMerged} instant(s) shared by consecutive files (one range split in chunks) merged: kept once${g.boundaryDiffering ? `; ${g.boundaryDiffering} of them differed, the first file's value kept` : ''}`,
      ]
    : [];
  merged.push(...(g.repeats ?? []));
  if (g.gaps === 0) return merged;
  return [
    ...merged,
    `${g.gaps} gap(s) in ${g.tasksWithGaps} task(s), left unfilled: ${g.examples.join('; ')}${g.gaps > g.examples.length ? '; …' : ''}`,
  ];
}
