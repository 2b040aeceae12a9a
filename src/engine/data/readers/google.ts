/**
 * Google 2011 `task_usage` and `task_events` shards (SPEC §10): task = (job ID, task index), inst =
 * column 20 (sampled CPU usage), avg = column 6 (mean CPU usage rate), with the GPA paper's filters
 * (§3.1) as options. Several shards load as one dataset; a header line, if present, is skipped.
 *
 * The result is canonical, so the DuckDB `reduce` and docs/reduce.sql produce the same numbers: tasks
 * in (job ID, task index) order, each task's records by (start time, inst, avg).
 */
import { DataError, FilteredEmpty } from '../streams/errors.ts';
import {
  BadLines,
  F64Column,
  I32Column,
  LineReader,
  blank,
  cursor,
  parseDecimal,
  scanNumber,
  quoteField,
  type ChunkSink,
} from '../streams/bytes.ts';
import { KeyIndex, groupByTask } from '../samples/group.ts';
import type {
  FileReport,
  FilterCount,
  LoadReport,
  ParseClamp,
  RawExtras,
} from '../samples/report.ts';
import type { TaskSamples } from '../samples/samples.ts';
import {
  MAX_JOB,
  TASK_BITS,
  bisect,
  emptyField,
  gatherSamples,
  isHeader,
  lastRequests,
  later,
  mergeStartRepeats,
  pickTasks,
  startRepeatNotes,
} from './googleTasks.ts';
import { checkRepeatRule, type RepeatRule } from '../samples/repeats.ts';
import { PAPER_FILTERS, type GoogleFilters, type GoogleOptions } from './googleOptions.ts';
import { conversion, describeUnit, loadsRaw } from '../units/units.ts';

export { PAPER_FILTERS, type GoogleFilters, type GoogleOptions } from './googleOptions.ts';
export { startRepeatNotes, startRepeatRefusal, type StartRepeats } from './googleTasks.ts';

/** Google task_usage has 20 columns, task_events 13. */
export const USAGE_COLUMNS = 20;
export const EVENTS_COLUMNS = 13;

export { taskPickKey } from './googleTasks.ts';

/** Loads task_usage (and optional task_events) shards into per-task samples. */
export class GoogleLoader {
  private readonly filters: GoogleFilters;
  private readonly scale: number;
  private readonly clamp: boolean;
  /** A raw load without skipped lines keeps values above 1 as read, for a later clamp. */
  private readonly keepOver: boolean;
  private firstOver: ParseClamp['firstOver'] = null;
  private readonly sample: { tasks: number; seed: number } | null;
  private readonly repeatRule: RepeatRule;
  readonly bad: BadLines;
  private readonly files: { name: string; role: string; reader: LineReader }[] = [];

  // task_usage records, column by column
  private readonly tasks = new KeyIndex(4096);
  private readonly taskOf = new I32Column(1 << 16);
  private readonly start = new F64Column(1 << 16);
  private readonly inst = new F64Column(1 << 16);
  private readonly avg = new F64Column(1 << 16);
  private replaced = new I32Column(4096);
  /** The records whose avg was replaced, in reading order (a repeat dropped takes its count along). */
  private readonly replacedRecords = new I32Column(256);
  private emptyCpu = 0;
  private clamped = 0;

  // task_events, per task
  private readonly events = new KeyIndex(4096);
  private failed = new I32Column(4096);
  private readonly cpuTime = new F64Column(4096);
  private readonly cpuRequest = new F64Column(4096);
  private readonly memTime = new F64Column(4096);
  private readonly memRequest = new F64Column(4096);
  private eventFiles = 0;
  private parseClamp: ParseClamp | null = null;

  constructor(options: GoogleOptions = {}) {
    this.filters = { ...PAPER_FILTERS, ...options.filters };
    const m = this.filters.minRecords;
    if (!Number.isInteger(m) || m < 1) throw new RangeError(`invalid minRecords: ${m}`);
    const scale = conversion({ unit: 'fraction', scale: options.scale ?? 1 }).scale;
    this.scale = loadsRaw(options) ? 1 : scale;
    this.keepOver = loadsRaw(options) && options.skipBadLines !== true;
    this.clamp = options.clamp === true || this.keepOver;
    this.bad = new BadLines(options.skipBadLines === true);
    const s = options.sample;
    if (s && (!Number.isInteger(s.tasks) || s.tasks < 1))
      throw new RangeError(`invalid sample size: ${s.tasks}`);
    if (s && (!Number.isSafeInteger(s.seed) || s.seed < 0))
      throw new RangeError(`invalid seed: ${s.seed}`);
    this.sample = s ?? null;
    this.repeatRule = checkRepeatRule(options.duplicates);
  }

  /** A task_usage shard. */
  usageFile(name: string): ChunkSink {
    const reader = new LineReader(name, (b, s, e, l) => this.usageLine(name, b, s, e, l));
    this.files.push({ name, role: 'task_usage', reader });
    return reader;
  }

  /** A task_events shard: failing events and CPU/memory requests. */
  eventsFile(name: string): ChunkSink {
    this.eventFiles++;
    const reader = new LineReader(name, (b, s, e, l) => this.eventLine(name, b, s, e, l));
    this.files.push({ name, role: 'task_events', reader });
    return reader;
  }

  private usageLine(file: string, b: Uint8Array, s: number, e: number, line: number): void {
    if (s === e || blank(b, s, e)) return;
    if (line === 1 && isHeader(b[s])) return;
    let p = s;
    let field = 0;
    let start = NaN;
    let job = NaN;
    let index = NaN;
    let avg = NaN;
    let inst = NaN;
    let avgS = 0;
    let avgE = 0;
    let instS = 0;
    let instE = 0;
    for (;;) {
      // One pass per field: the five read fields are scanned as numbers, the others skipped.
      let q = p;
      switch (field) {
        case 0:
          start = scanNumber(b, p, e);
          q = cursor.end;
          break;
        case 2:
          job = scanNumber(b, p, e);
          q = cursor.end;
          break;
        case 3:
          index = scanNumber(b, p, e);
          q = cursor.end;
          break;
        case 5:
          avg = scanNumber(b, p, e);
          avgS = p;
          avgE = q = cursor.end;
          break;
        case 19:
          inst = scanNumber(b, p, e);
          instS = p;
          instE = q = cursor.end;
          break;
        default:
          while (q < e && b[q] !== 44) q++;
      }
      field++;
      if (q >= e) break;
      p = q + 1;
    }
    if (field !== USAGE_COLUMNS)
      return this.bad.report(
        file,
        line,
        `${field} columns, expected ${USAGE_COLUMNS} (Google 2011 task_usage)`,
      );
    if (!(start >= 0))
      return this.bad.report(file, line, `start time (column 1) is not a non-negative number`);
    if (!(job >= 0 && job < MAX_JOB && Number.isInteger(job)))
      return this.bad.report(file, line, `job ID (column 3) is not an integer below 2^33`);
    if (!(index >= 0 && index < TASK_BITS && Number.isInteger(index)))
      return this.bad.report(file, line, `task index (column 4) is not an integer below 2^20`);
    if (
      (Number.isNaN(avg) && emptyField(b, avgS, avgE)) ||
      (Number.isNaN(inst) && emptyField(b, instS, instE))
    ) {
      this.emptyCpu++;
      return;
    }
    if (!(inst >= 0))
      return this.bad.report(
        file,
        line,
        `sampled CPU usage (column 20) ${quoteField(b, instS, instE)} ${Number.isNaN(inst) ? 'is not a number' : 'is negative'}`,
      );
    if (!(avg >= 0))
      return this.bad.report(
        file,
        line,
        `CPU rate (column 6) ${quoteField(b, avgS, avgE)} ${Number.isNaN(avg) ? 'is not a number' : 'is negative'}`,
      );
    let replaced = 0;
    if (avg > 1 && this.filters.replaceAvgAboveOne) {
      avg = inst;
      replaced = 1;
    }
    if (inst > 1 || avg > 1) {
      const reason = `${inst > 1 ? `sampled CPU usage (column 20) ${inst}` : `CPU rate (column 6) ${avg}`} is above 1, the largest machine (the clamp option caps such values)`;
      if (!this.clamp) return this.bad.report(file, line, reason);
      if (this.keepOver) this.firstOver ??= { file, line, reason };
      const cap = this.keepOver ? Infinity : 1;
      this.clamped += (inst > 1 ? 1 : 0) + (avg > 1 ? 1 : 0);
      inst = Math.min(inst, cap);
      avg = Math.min(avg, cap);
    }
    const before = this.tasks.size;
    const t = this.tasks.add(job * TASK_BITS + index);
    if (t === before) this.replaced.push(0);
    if (replaced) {
      this.replaced.data[t]++;
      this.replacedRecords.push(this.taskOf.length);
    }
    this.taskOf.push(t);
    this.start.push(start);
    this.inst.push(inst * this.scale);
    this.avg.push(avg * this.scale);
  }

  private eventLine(file: string, b: Uint8Array, s: number, e: number, line: number): void {
    if (s === e || blank(b, s, e)) return;
    if (line === 1 && isHeader(b[s])) return;
    let p = s;
    let field = 0;
    let time = NaN;
    let job = NaN;
    let index = NaN;
    let type = NaN;
    let cpuS = 0;
    let cpuE = 0;
    let memS = 0;
    let memE = 0;
    for (;;) {
      let q = p;
      while (q < e && b[q] !== 44) q++;
      switch (field) {
        case 0:
          time = parseDecimal(b, p, q);
          break;
        case 2:
          job = parseDecimal(b, p, q);
          break;
        case 3:
          index = parseDecimal(b, p, q);
          break;
        case 5:
          type = parseDecimal(b, p, q);
          break;
        case 9:
          cpuS = p;
          cpuE = q;
          break;
        case 10:
          memS = p;
          memE = q;
          break;
      }
      field++;
      if (q >= e) break;
      p = q + 1;
    }
    if (field !== EVENTS_COLUMNS)
      return this.bad.report(
        file,
        line,
        `${field} columns, expected ${EVENTS_COLUMNS} (Google 2011 task_events)`,
      );
    if (!(time >= 0))
      return this.bad.report(file, line, `time (column 1) is not a non-negative number`);
    if (!(job >= 0 && job < MAX_JOB && Number.isInteger(job)))
      return this.bad.report(file, line, `job ID (column 3) is not an integer below 2^33`);
    if (!(index >= 0 && index < TASK_BITS && Number.isInteger(index)))
      return this.bad.report(file, line, `task index (column 4) is not an integer below 2^20`);
    if (!(type >= 0 && type <= 8 && Number.isInteger(type)))
      return this.bad.report(file, line, `event type (column 6) is not an integer 0–8`);
    const cpu = emptyField(b, cpuS, cpuE) ? -1 : parseDecimal(b, cpuS, cpuE);
    const mem = emptyField(b, memS, memE) ? -1 : parseDecimal(b, memS, memE);
    if (!(cpu >= 0 || cpu === -1))
      return this.bad.report(
        file,
        line,
        `CPU request (column 10) ${quoteField(b, cpuS, cpuE)} is not a non-negative number`,
      );
    if (!(mem >= 0 || mem === -1))
      return this.bad.report(
        file,
        line,
        `memory request (column 11) ${quoteField(b, memS, memE)} is not a non-negative number`,
      );
    const before = this.events.size;
    const t = this.events.add(job * TASK_BITS + index);
    if (t === before) {
      this.failed.push(0);
      this.cpuTime.push(-1);
      this.cpuRequest.push(NaN);
      this.memTime.push(-1);
      this.memRequest.push(NaN);
    }
    if (type === 2 || type === 3 || type === 5 || type === 6) this.failed.data[t] = 1;
    // The latest request wins; at equal times the larger, so any reading order gives the same value.
    if (cpu >= 0 && later(time, cpu, this.cpuTime.data[t], this.cpuRequest.data[t])) {
      this.cpuTime.data[t] = time;
      this.cpuRequest.data[t] = cpu;
    }
    if (mem >= 0 && later(time, mem, this.memTime.data[t], this.memRequest.data[t])) {
      this.memTime.data[t] = time;
      this.memRequest.data[t] = mem;
    }
  }

  /** The paper's filters (§3.1) and the sample, in order: the kept tasks by key, with their counts. */
  private filterTasks(
    n: number,
    offsets: Int32Array,
    order: Int32Array,
  ): { kept: number[]; filters: FilterCount[]; total: number } {
    const inst = this.inst.data;
    const useEvents = this.eventFiles > 0;
    const filters: FilterCount[] = [
      {
        id: 'emptyCpu',
        label: 'records without a CPU value (column 6 or 20 empty), not used',
        count: this.emptyCpu,
        of: 'records',
      },
    ];
    const alive = new Uint8Array(n).fill(1);
    let left = n;
    const drop = (id: string, label: string, test: (t: number) => boolean) => {
      let count = 0;
      for (let t = 0; t < n; t++)
        if (alive[t] && test(t)) {
          alive[t] = 0;
          count++;
        }
      left -= count;
      filters.push({ id, label, count, of: 'tasks' });
    };
    if (useEvents && this.filters.dropFailed)
      drop('failed', 'tasks with an EVICT, FAIL, KILL or LOST event, dropped', (t) => {
        const ev = this.events.get(this.tasks.keyOf(t));
        return ev >= 0 && this.failed.data[ev] === 1;
      });
    if (this.filters.minRecords > 1)
      drop(
        'minRecords',
        `tasks with fewer than ${this.filters.minRecords} records, dropped`,
        (t) => offsets[t + 1] - offsets[t] < this.filters.minRecords,
      );
    if (this.filters.dropAllZeroInst)
      drop('allZeroInst', 'tasks whose inst samples are all 0, dropped', (t) => {
        for (let k = offsets[t]; k < offsets[t + 1]; k++) if (inst[order[k]] !== 0) return false;
        return true;
      });
    if (this.sample && left > this.sample.tasks) {
      const keep = pickTasks(alive, (t) => this.tasks.keyOf(t), this.sample);
      drop(
        'sample',
        `tasks not among the ${this.sample.tasks} picked with seed ${this.sample.seed}, dropped`,
        (t) => !keep.has(t),
      );
    }
    const kept: number[] = [];
    for (let t = 0; t < n; t++) if (alive[t]) kept.push(t);
    kept.sort((a, b) => this.tasks.keyOf(a) - this.tasks.keyOf(b));
    let replaced = 0;
    let total = 0;
    for (const t of kept) {
      replaced += this.replaced.data[t];
      total += offsets[t + 1] - offsets[t];
    }
    if (this.filters.replaceAvgAboveOne)
      filters.push({
        id: 'avgReplaced',
        label: 'avg values above 1 replaced by the record’s inst (kept tasks)',
        count: replaced,
        of: 'records',
      });
    const clamped: FilterCount = {
      id: 'clamped',
      label: 'values above 1 clamped to 1',
      count: this.clamped,
      of: 'values',
    };
    if (this.clamp && !this.keepOver) filters.push(clamped);
    else if (this.keepOver)
      this.parseClamp = { filter: clamped, firstOver: this.firstOver, bound: 1 };
    return { kept, filters, total };
  }

  /** Each task's records in canonical order, a repeated start time merged (or refused). */
  private mergeRepeats(names: string, n: number) {
    const { offsets, order } = groupByTask(this.taskOf.view(), n);
    const replacedRecords = this.replacedRecords.view();
    const refuse = (message: string): never => {
      throw new DataError(names, null, message);
    };
    const records = { start: this.start.data, inst: this.inst.data, avg: this.avg.data };
    return mergeStartRepeats(
      (t) => this.tasks.keyOf(t),
      { offsets, order, records, replaced: (rec) => (bisect(replacedRecords, rec) ? 1 : 0) },
      this.repeatRule === 'refuse' ? refuse : null,
      (rec) => {
        if (bisect(replacedRecords, rec)) this.replaced.data[this.taskOf.data[rec]]--;
      },
    );
  }

  /** Applies the filters and returns the dataset; a `DataError` when no task is left. */
  finish(): { samples: TaskSamples; report: LoadReport; rawExtras?: RawExtras } {
    for (const f of this.files) f.reader.end();
    const names = this.files.map((f) => f.name).join(', ') || 'task_usage';
    if (!this.files.some((f) => f.role === 'task_usage'))
      throw new DataError(names, null, 'no task_usage file given');
    const n = this.tasks.size;
    const records = this.taskOf.length;
    const { offsets, order, repeats } = this.mergeRepeats(names, n);
    const inst = this.inst.data;
    const useEvents = this.eventFiles > 0;
    const { kept, filters, total } = this.filterTasks(n, offsets, order);
    if (kept.length === 0)
      throw new (n === 0 ? DataError : FilteredEmpty)(
        names,
        null,
        `no task left after the filters: ${records} records of ${n} tasks read; ${filters
          .filter((f) => f.of === 'tasks')
          .map((f) => `${f.count} ${f.label}`)
          .join('; ')}${n === 0 ? '' : ' (relax the filters to keep them)'}`,
      );
    const {
      ids,
      inst: instOut,
      avg: avgOut,
      times,
    } = gatherSamples(
      kept.map((t) => this.tasks.keyOf(t)),
      kept.map((t) => offsets[t]),
      kept.map((t) => offsets[t + 1]),
      order,
      { start: this.start.data, inst, avg: this.avg.data },
      total,
    );
    const notes: string[] = startRepeatNotes(repeats);
    let requests: TaskSamples['requests'];
    if (useEvents) {
      requests = lastRequests(
        kept.map((t) => this.events.get(this.tasks.keyOf(t))),
        this.cpuRequest.data,
        this.memRequest.data,
      );
      const withCpu = requests.cpu.filter((x) => !Number.isNaN(x)).length;
      notes.push(`${withCpu} of ${kept.length} kept tasks have a CPU request in task_events`);
    } else if (this.filters.dropFailed)
      notes.push('no task_events given: failing tasks (EVICT, FAIL, KILL, LOST) are not dropped');
    const files: FileReport[] = this.files.map((f) => ({
      name: f.name,
      role: f.role,
      bytes: f.reader.bytes,
      lines: f.reader.line,
    }));
    return {
      samples: { ids, inst: instOut, avg: avgOut, ...(requests ? { requests } : {}), times },
      report: {
        format: 'google',
        files,
        records,
        tasksRead: n,
        tasksKept: kept.length,
        samplesKept: total,
        filters,
        skippedLines: this.bad.skipped,
        skippedExamples: this.bad.examples,
        units: describeUnit(conversion({ unit: 'fraction', scale: this.scale })),
        notes,
      },
      ...(this.parseClamp ? { rawExtras: { clamp: this.parseClamp } } : {}),
    };
  }
}
