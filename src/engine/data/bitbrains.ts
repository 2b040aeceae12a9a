/**
 * Bitbrains GWA-T-12 as published (SPEC §10): one file per VM (`1.csv`, `2.csv`, …), fields
 * separated by `;\t`, header `Timestamp [ms];\tCPU cores;\tCPU capacity provisioned [MHZ];\tCPU
 * usage [MHZ];\tCPU usage [%];…`. A task is a file (its name without folder and extension). Unit
 * `cores` (default): CPU usage [%] / 100 × CPU cores, over the reference machine's cores (default
 * 32, as the Bitbrains preset); unit `absolute`: CPU usage [MHZ] over a capacity in MHz.
 * The timestamp is in seconds although the header says [ms] (the trace's quirk; only order matters).
 */
import { BadLines, LineReader, blank, type ChunkSink } from './bytes.ts';
import { DataError } from './errors.ts';
import { Cuts, wrongDelimiter } from './rows.ts';
import { TimedSeries } from './series.ts';
import { checkScale, endFiles, rawProblem, traceReport, type ReadFile } from './traceCommon.ts';
import type { LoadReport, RawExtras } from './report.ts';
import type { TaskSamples } from './samples.ts';
import {
  BITBRAINS_HEADER,
  bitbrainsBound,
  bitbrainsUnits,
  type BitbrainsOptions,
} from './traceUnits.ts';

const COLUMNS = 11;

/** The task id of a per-VM file: its base name without extensions. */
export function vmName(file: string): string {
  return file.replace(/^.*[\\/]/, '').replace(/\.csv(\.gz)?$/i, '');
}

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
  private records = 0;

  constructor(private readonly options: BitbrainsOptions) {
    this.bad = new BadLines(options.skipBadLines === true);
    this.keepOther = options.raw === true;
    this.series = new TimedSeries(this.bad, this.keepOther);
    this.scale = checkScale(options.scale);
    this.unit = options.unit ?? 'cores';
    const machine = bitbrainsBound(options);
    this.bound = options.raw && options.clamp ? Infinity : machine;
    this.k = options.raw ? 1 : this.scale / machine;
  }

  file(name: string): ChunkSink {
    const task = this.series.task(vmName(name));
    let headerSeen = false;
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
      this.row(name, task, b, s, e, line);
    });
    this.files.push({ name, role: 'inst', reader });
    return reader;
  }

  private row(name: string, task: number, b: Uint8Array, s: number, e: number, line: number): void {
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
      const pct = this.cuts.num(4);
      // A VM may use more than its provisioned cores (the real Rnd files reach 106 %): the bound
      // that matters is the machine's, checked below.
      const why = rawProblem(pct, Infinity, false, '') ?? rawProblem(cores, Infinity, false, '');
      if (why)
        return this.bad.report(
          name,
          line,
          `CPU usage [%] ${this.cuts.text(4)} or CPU cores ${this.cuts.text(1)} ${why}`,
        );
      used = (pct / 100) * cores;
    } else {
      used = this.cuts.num(3);
      const why = rawProblem(used, Infinity, false, '');
      if (why) return this.bad.report(name, line, `CPU usage [MHZ] ${this.cuts.text(3)} ${why}`);
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
    this.series.add(task, this.cuts.num(0), used, this.keepOther ? this.other() : NaN, name, line);
  }

  /** The row's usage in the unit not asked for, unchecked against any machine (NaN if unusable). */
  private other(): number {
    const v =
      this.unit === 'cores' ? this.cuts.num(3) : (this.cuts.num(4) / 100) * this.cuts.num(1);
    const ok = this.unit === 'cores' ? v >= 0 : this.cuts.num(4) >= 0 && this.cuts.num(1) >= 0;
    return ok && v < Infinity ? v : NaN;
  }

  finish(): { samples: TaskSamples; report: LoadReport; rawExtras?: RawExtras } {
    const files = endFiles(this.files);
    const k = this.k;
    const { samples: both, gaps } = this.series.finish((v) => v * k);
    const { avg: other, ...samples } = both;
    const loaded = traceReport({
      format: 'bitbrains',
      files,
      records: this.records,
      tasksRead: this.series.ids.length,
      samples,
      filters: this.options.clamp
        ? [
            {
              id: 'clamped',
              label: 'values above the machine clamped',
              count: this.over,
              of: 'values',
            },
          ]
        : [],
      bad: this.bad,
      units: bitbrainsUnits(this.options),
      gaps,
    });
    if (!other) return loaded;
    const unit = this.unit === 'cores' ? 'absolute' : 'cores';
    return { ...loaded, rawExtras: { otherUnit: { unit, inst: other } } };
  }
}
