/**
 * Bitbrains GWA-T-12 as published (SPEC §10): one file per VM (`1.csv`, `2.csv`, …), fields
 * separated by `;\t`, header `Timestamp [ms];\tCPU cores;\tCPU capacity provisioned [MHZ];\tCPU
 * usage [MHZ];\tCPU usage [%];…`, as the archives hold them (`rnd/2013-7/N.csv`,
 * `fastStorage/2013-8/N.csv`). A task is a VM: its file's name without folder and extension, the
 * months of one VM (`rnd/2013-7/1.csv`, `rnd/2013-8/1.csv`) one series; a load holding both sets
 * names its VMs `rnd/N` and `fastStorage/N` (the sets number their VMs apart). Unit `cores`
 * (default): CPU usage [%] / 100 × CPU cores, over the reference machine's cores (default 32, as
 * the Bitbrains preset); unit `absolute`: CPU usage [MHZ] over a capacity in MHz.
 *
 * The published files reach 106.4 % of a VM's provisioned CPU: a usage above it (CPU usage [%]
 * above 100, CPU usage [MHZ] above CPU capacity provisioned [MHZ]) is clamped to it and counted,
 * always, as the long CSV of the same samples is with its clamp option (so both give the same
 * numbers). The timestamp column says [ms] but the Rnd files hold seconds: each file's unit is told
 * from its first timestamp (from 1e11, i.e. 1973 in milliseconds or the year 5138 in seconds, it
 * is milliseconds), times are kept in seconds, and the report says which files held which.
 */
import { BadLines, LineReader, blank, type ChunkSink } from '../streams/bytes.ts';
import { DataError } from '../streams/errors.ts';
import { Cuts, wrongDelimiter } from '../streams/rows.ts';
import { TimedSeries } from '../samples/series.ts';
import { checkScale, endFiles, rawProblem, traceReport, type ReadFile } from './traceCommon.ts';
import type { FilterCount, LoadReport, RawExtras } from '../samples/report.ts';
import type { TaskSamples } from '../samples/samples.ts';
import {
  BITBRAINS_HEADER,
  bitbrainsBound,
  bitbrainsUnits,
  type BitbrainsOptions,
} from '../units/traceUnits.ts';

const COLUMNS = 11;

/** The task id of a per-VM file: its base name without extensions. */
function vmName(file: string): string {
  return file.replace(/^.*[\\/]/, '').replace(/\.csv(\.gz)?$/i, '');
}

/** The published set a per-VM file's path names (a folder `rnd` or `fastStorage`), or ''. */
function setOf(file: string): string {
  for (const part of file.split(/[\\/]/).reverse())
    if (/^(rnd|fastStorage)$/i.test(part)) return part;
  return '';
}

/** A timestamp from 1e11 on is in milliseconds (1973); below, seconds (a year before 5138). */
const MILLISECONDS_FROM = 1e11;

export class BitbrainsLoader {
  private readonly bad: BadLines;
  private readonly series: TimedSeries;
  private readonly files: ReadFile[] = [];
  private readonly cuts = new Cuts(COLUMNS + 1);
  private readonly scale: number;
  private readonly bound: number;
  private readonly k: number;
  private readonly unit: 'cores' | 'absolute';
  /** A raw load keeps the other unit's column too (in the avg slot), for a later unit change. */
  private readonly keepOther: boolean;
  private over = 0;
  /** Usages above the VM's own provisioned CPU, clamped to it. */
  private overVm = 0;
  private records = 0;
  private readonly sets = new Set<string>();
  private readonly timeUnits = { seconds: 0, milliseconds: 0 };

  constructor(private readonly options: BitbrainsOptions) {
    this.bad = new BadLines(options.skipBadLines === true);
    this.keepOther = options.raw === true;
    this.series = new TimedSeries(this.bad, this.keepOther, options.duplicates);
    this.scale = checkScale(options.scale);
    this.unit = options.unit ?? 'cores';
    const machine = bitbrainsBound(options);
    this.bound = options.raw && options.clamp ? Infinity : machine;
    this.k = options.raw ? 1 : this.scale / machine;
  }

  file(name: string): ChunkSink {
    const set = setOf(name);
    this.sets.add(set);
    const task = this.series.task(set ? `${set}/${vmName(name)}` : vmName(name));
    let headerSeen = false;
    let perSecond = 0;
    const reader = new LineReader(name, (b, s, e, line) => {
      if (s === e || blank(b, s, e)) return;
      if (!headerSeen) {
        headerSeen = true;
        const n = this.cuts.cut(b, s, e, 59);
        if (this.cuts.text(0) !== BITBRAINS_HEADER)
          throw new DataError(
            name,
            line,
            n < 5
              ? (wrongDelimiter(b, s, e, 5, 59) ??
                  `not a Bitbrains header (expected "${BITBRAINS_HEADER};\tCPU cores;…")`)
              : `not a Bitbrains header: the first field is ${JSON.stringify(this.cuts.text(0))}, expected "${BITBRAINS_HEADER}"`,
          );
        return;
      }
      perSecond ||= this.timeUnit(b, s, e);
      this.row(name, task, b, s, e, line, perSecond);
    });
    this.files.push({ name, role: 'inst', reader });
    return reader;
  }

  /** Timestamps per second of a file (1 or 1000), from its first data row's timestamp. */
  private timeUnit(b: Uint8Array, s: number, e: number): number {
    this.cuts.cut(b, s, e, 59);
    const first = this.cuts.num(0);
    if (!Number.isFinite(first)) return 0;
    const ms = first >= MILLISECONDS_FROM;
    this.timeUnits[ms ? 'milliseconds' : 'seconds']++;
    return ms ? 1000 : 1;
  }

  private row(
    name: string,
    task: number,
    b: Uint8Array,
    s: number,
    e: number,
    line: number,
    perSecond: number,
  ): void {
    this.records++;
    const n = this.cuts.cut(b, s, e, 59);
    if (n < 5)
      return this.bad.report(
        name,
        line,
        wrongDelimiter(b, s, e, 5, 59) ?? `${n} fields, expected ${COLUMNS}`,
      );
    let used: number;
    if (this.unit === 'cores') {
      const cores = this.cuts.num(1);
      let pct = this.cuts.num(4);
      const why = rawProblem(pct, Infinity, false, '') ?? rawProblem(cores, Infinity, false, '');
      if (why)
        return this.bad.report(
          name,
          line,
          `CPU usage [%] ${this.cuts.text(4)} or CPU cores ${this.cuts.text(1)} ${why}`,
        );
      if (pct > 100) {
        pct = 100;
        this.overVm++;
      }
      used = (pct / 100) * cores;
    } else {
      used = this.cuts.num(3);
      const why = rawProblem(used, Infinity, false, '');
      if (why) return this.bad.report(name, line, `CPU usage [MHZ] ${this.cuts.text(3)} ${why}`);
      const provisioned = this.cuts.num(2);
      if (provisioned > 0 && used > provisioned) {
        used = provisioned;
        this.overVm++;
      }
    }
    if (used > this.bound) {
      if (!this.options.clamp)
        return this.bad.report(
          name,
          line,
          `usage ${used} is above the machine's ${this.bound} ${this.unit === 'cores' ? 'cores' : 'MHz'} (the clamp option caps such values)`,
        );
      this.over++;
      used = this.bound;
    }
    const time = this.cuts.num(0) / (perSecond || 1);
    this.series.add(task, time, used, this.keepOther ? this.other() : NaN, name, line);
  }

  /**
   * The row's usage in the unit not asked for, clamped to the VM's provisioned CPU as the one asked
   * for is, unchecked against any machine (NaN if unusable).
   */
  private other(): number {
    const provisioned = this.cuts.num(2);
    const v =
      this.unit === 'cores'
        ? provisioned > 0
          ? Math.min(this.cuts.num(3), provisioned)
          : this.cuts.num(3)
        : (Math.min(this.cuts.num(4), 100) / 100) * this.cuts.num(1);
    const ok = this.unit === 'cores' ? v >= 0 : this.cuts.num(4) >= 0 && this.cuts.num(1) >= 0;
    return ok && v < Infinity ? v : NaN;
  }

  /** The VMs' ids: without their set's folder when the load holds one set only. */
  private ids(ids: readonly string[]): string[] {
    const [only, ...more] = this.sets;
    if (more.length > 0 || !only) return [...ids];
    return ids.map((id) => id.slice(only.length + 1));
  }

  private filters(): FilterCount[] {
    const toVm: FilterCount = {
      id: 'clampedToVm',
      label: "values above the VM's provisioned CPU clamped to it",
      count: this.overVm,
      of: 'values',
    };
    if (!this.options.clamp) return [toVm];
    return [
      toVm,
      { id: 'clamped', label: 'values above the machine clamped', count: this.over, of: 'values' },
    ];
  }

  private notes(): string[] {
    const { seconds, milliseconds } = this.timeUnits;
    const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
    const units = [
      ...(seconds ? [`seconds in ${files(seconds)} (the header says [ms])`] : []),
      ...(milliseconds ? [`milliseconds in ${files(milliseconds)}`] : []),
    ];
    return units.length ? [`timestamps read as ${units.join(', ')}; kept in seconds`] : [];
  }

  finish(): { samples: TaskSamples; report: LoadReport; rawExtras?: RawExtras } {
    const files = endFiles(this.files);
    const k = this.k;
    const { samples: both, gaps } = this.series.finish((v) => v * k);
    const { avg: other, ...read } = both;
    const samples = { ...read, ids: this.ids(read.ids) };
    const loaded = traceReport({
      format: 'bitbrains',
      files,
      records: this.records,
      tasksRead: this.series.ids.length,
      samples,
      filters: this.filters(),
      bad: this.bad,
      units: bitbrainsUnits(this.options),
      gaps,
      notes: this.notes(),
    });
    if (!other) return loaded;
    const unit = this.unit === 'cores' ? 'absolute' : 'cores';
    return { ...loaded, rawExtras: { otherUnit: { unit, inst: other } } };
  }
}
