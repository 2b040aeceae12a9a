/**
 * Google cluster-usage 2019 `instance_usage` as exported from BigQuery (SPEC §10): CSV with a
 * header (nested fields flattened as `average_usage.cpus` or `average_usage_cpus`) or JSON lines
 * (`{"start_time":"…","collection_id":"…","instance_index":…,"average_usage":{"cpus":…},…}`).
 * Task = (collection_id, instance_index); `random_sample_usage.cpus` is inst, `average_usage.cpus`
 * avg; values are Google's normalized units (a fraction of the largest machine) × scale.
 */
import { loadsRaw } from '../units/units.ts';
import { BadLines, LineReader, blank, splitFields, type ChunkSink } from '../streams/bytes.ts';
import { DataError } from '../streams/errors.ts';
import {
  F_AVG as importedAvg,
  F_INST as importedInst,
  F_TIME as importedTime,
  Google2019Json,
} from './google2019Json.ts';
import { JsonScanner } from '../streams/jsonScan.ts';
import { Cuts } from '../streams/rows.ts';
import { TimedSeries } from '../samples/series.ts';
import {
  checkScale,
  endFiles,
  rawProblem,
  traceReport,
  type ReadFile,
  type TraceOptions,
} from './traceCommon.ts';
import type { FilterCount, LoadReport, ParseClamp, RawExtras } from '../samples/report.ts';
import type { TaskSamples } from '../samples/samples.ts';
import { google2019Units } from '../units/traceUnits.ts';

// Under tsx (the CLI, the Node bench) an imported binding is read through a getter at every use.
const F_TIME = importedTime;
const F_INST = importedInst;
const F_AVG = importedAvg;

export type Google2019Options = TraceOptions;

const NAMES = {
  time: ['start_time'],
  collection: ['collection_id'],
  instance: ['instance_index'],
  inst: ['random_sample_usage.cpus', 'random_sample_usage_cpus', 'random_sample_cpus'],
  avg: ['average_usage.cpus', 'average_usage_cpus', 'average_cpus'],
} as const;
type Field = keyof typeof NAMES;
/** Whether a header names the instance_usage columns this loader needs. */
export function isGoogle2019Header(header: readonly string[]): boolean {
  return (Object.keys(NAMES) as Field[]).every((f) => NAMES[f].some((n) => header.includes(n)));
}

const LABEL = '1 (normalized units)';

export class Google2019Loader {
  private readonly bad: BadLines;
  private readonly series: TimedSeries;
  private readonly files: ReadFile[] = [];
  private readonly cuts = new Cuts(64);
  private readonly scale: number;
  private clamped = 0;
  private firstOver: ParseClamp['firstOver'] = null;
  /** A raw load without skipped lines keeps values above 1 as read, for a later clamp. */
  private readonly keepOver: boolean;
  private records = 0;
  private readonly json = new Google2019Json();
  private readonly jsonScanner: JsonScanner;
  private readonly idKey = new Uint8Array(520);
  private readonly jsonTaskId = () => this.json.taskId();

  constructor(private readonly options: Google2019Options) {
    this.bad = new BadLines(options.skipBadLines === true);
    this.series = new TimedSeries(this.bad, true, options.duplicates);
    const scale = checkScale(options.scale);
    // Kept raw (for `applyUnits`): the task size is left to the conversion after the load.
    this.scale = loadsRaw(options) ? 1 : scale;
    this.keepOver = loadsRaw(options) && options.skipBadLines !== true;
    this.jsonScanner = new JsonScanner('', this.json);
  }

  file(name: string): ChunkSink {
    let at: Record<Field, number> | null = null;
    let json: boolean | null = null;
    const reader = new LineReader(name, (b, s, e, line) => {
      if (s === e || blank(b, s, e)) return;
      if (json === null) {
        json = b[s] === 123;
        if (!json) {
          const header = splitFields(b, s, e);
          const cols = {} as Record<Field, number>;
          for (const f of Object.keys(NAMES) as Field[]) {
            cols[f] = header.findIndex((h) => (NAMES[f] as readonly string[]).includes(h));
            if (cols[f] < 0)
              throw new DataError(
                name,
                line,
                `no ${NAMES[f].join(' or ')} column (the header has: ${header.join(', ')})`,
              );
          }
          at = cols;
          return;
        }
      }
      this.records++;
      if (json) this.jsonRow(name, b, s, e, line);
      else this.csvRow(name, at!, b, s, e, line);
    });
    this.files.push({ name, role: 'usage', reader });
    return reader;
  }

  private csvRow(
    name: string,
    at: Record<Field, number>,
    b: Uint8Array,
    s: number,
    e: number,
    line: number,
  ): void {
    const c = this.cuts;
    const last = Math.max(at.time, at.collection, at.instance, at.inst, at.avg);
    const n = c.cut(b, s, e, 44, last + 1);
    if (n <= last) return this.bad.report(name, line, `${n} columns, fewer than the header's`);
    const id = () => `${c.text(at.collection)}:${c.text(at.instance)}`;
    const t =
      at.instance === at.collection + 1
        ? this.series.taskOfBytes(b, c.starts[at.collection], c.ends[at.instance], id)
        : this.series.task(id());
    this.sample(name, line, t, c.num(at.time), c.num(at.inst), c.num(at.avg));
  }

  private jsonRow(name: string, b: Uint8Array, s: number, e: number, line: number): void {
    const j = this.json;
    j.reset();
    try {
      this.jsonScanner.reset(line - 1);
      this.jsonScanner.scanAll(b, s, e);
    } catch (err) {
      if (!(err instanceof DataError)) throw err;
      return this.bad.report(
        name,
        line,
        `not a JSON object: ${err.reason.replace(/^not JSON: /, '')}`,
      );
    }
    const nc = j.keyLengths[0];
    const ni = j.keyLengths[1];
    if (nc === 0 || ni === 0)
      return this.bad.report(name, line, 'no collection_id or instance_index');
    if (j.keys[0][0] === 0 || j.keys[1][0] === 0)
      return this.sample(
        name,
        line,
        this.series.task(j.taskId()),
        j.num[F_TIME],
        j.num[F_INST],
        j.num[F_AVG],
      );
    const key = this.idKey;
    key[0] = nc;
    key.set(j.keys[0].subarray(0, nc), 1);
    key.set(j.keys[1].subarray(0, ni), 1 + nc);
    const t = this.series.taskOfBytes(key, 0, 1 + nc + ni, this.jsonTaskId);
    this.sample(name, line, t, j.num[F_TIME], j.num[F_INST], j.num[F_AVG]);
  }

  private sample(
    name: string,
    line: number,
    t: number,
    time: number,
    inst: number,
    avg: number,
  ): void {
    const clamp = this.options.clamp === true || this.keepOver;
    const why = rawProblem(inst, 1, clamp, LABEL);
    if (why) return this.bad.report(name, line, `random_sample_usage.cpus ${inst} ${why}`);
    const whyAvg = rawProblem(avg, 1, clamp, LABEL);
    if (whyAvg) return this.bad.report(name, line, `average_usage.cpus ${avg} ${whyAvg}`);
    if (inst > 1 || avg > 1) {
      this.clamped++;
      if (this.keepOver && !this.firstOver) {
        const reason =
          inst > 1
            ? `random_sample_usage.cpus ${inst} ${rawProblem(inst, 1, false, LABEL)}`
            : `average_usage.cpus ${avg} ${rawProblem(avg, 1, false, LABEL)}`;
        this.firstOver = { file: name, line, reason };
      }
    }
    const cap = this.keepOver ? Infinity : 1;
    this.series.add(t, time, Math.min(inst, cap), Math.min(avg, cap), name, line);
  }

  finish(): { samples: TaskSamples; report: LoadReport; rawExtras?: RawExtras } {
    const files = endFiles(this.files);
    // start_time is in microseconds.
    const { samples, gaps } = this.series.finish((v) => v * this.scale, undefined, 1e-6);
    const clamped: FilterCount = {
      id: 'clamped',
      label: 'values above 1 clamped',
      count: this.clamped,
      of: 'records',
    };
    const loaded = traceReport({
      format: 'google2019',
      files,
      records: this.records,
      tasksRead: this.series.ids.length,
      samples,
      filters: this.options.clamp ? [clamped] : [],
      bad: this.bad,
      units: `${google2019Units(this.options.scale)}; random_sample_usage.cpus as inst, average_usage.cpus as avg`,
      gaps,
    });
    if (!this.keepOver) return loaded;
    const clamp = { filter: clamped, firstOver: this.firstOver, bound: 1 };
    return { ...loaded, rawExtras: { clamp } };
  }
}
