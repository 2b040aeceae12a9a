/**
 * Building the compact form of samples (`CodedSeries`, samples.ts): a series builder that encodes
 * task by task as a loader reads them (the float64 samples of every task never held at once), and
 * `compactSamples` for a loader's finished float64 series. Exact or not at all: a series with more
 * than 65,536 distinct values stays float64, and so does one whose codes, dictionary and offsets
 * would take as many bytes as its float64 samples (many distinct values over few samples a task).
 * A series that shows more than 16,384 distinct values in fewer than twice as many samples is
 * taken to be continuous (decimals of many digits) and stays float64 without hashing the rest.
 */
import { MAX_DICTIONARY, ValueDictionary } from './dictionary.ts';
import type { RawExtras } from './report.ts';
import type { CodedSeries, SeriesSet, TaskSamples } from './samples.ts';
import { isCoded } from './samples.ts';

/** Past this many distinct values, a series with as many as half its samples distinct stays float64. */
const CONTINUOUS = 16384;
const looksContinuous = (distinct: number, seen: number) =>
  distinct > CONTINUOUS && 2 * distinct > seen;

/** Collects one series task by task, coded while the values fit a dictionary, else float64. */
export class SeriesBuilder {
  private dict: ValueDictionary | null;
  private codes: Uint8Array | Uint16Array = new Uint8Array(1 << 16);
  private used = 0;
  private offsets = new Float64Array(1024);
  private tasks = 0;
  private floats: Float64Array[] | null;

  /** `coded` false: float64 throughout (the arrays pushed, as a loader stored them before). */
  constructor(coded = true) {
    this.dict = coded ? new ValueDictionary() : null;
    this.floats = coded ? null : [];
  }

  /**
   * Adds a task's samples, encoded or as float64; returns true when `values` itself was kept (the
   * caller must not reuse it), false when it was encoded or copied (`keep` false).
   */
  push(values: Float64Array, keep = false): boolean {
    if (this.dict) return this.pushCoded(values, keep);
    this.floats!.push(keep ? values : values.slice());
    return keep;
  }

  get length(): number {
    return this.floats ? this.floats.length : this.tasks;
  }

  /** The codes + 1 by integer key (`ValueDictionary.byKey`) while coding, else null. */
  get keyCodes(): Int32Array | null {
    return this.dict ? this.dict.byKey : null;
  }

  /**
   * Adds a task of `n` samples a loader partly coded itself from `keyCodes`: `codes[k]` ≥ 0 is
   * sample k's code, −1 says the sample is `values[k]`, −2 − key that it is `values[k]`, computed
   * from the integer key (remembered for the next time). The loader may reuse both arrays.
   */
  pushPartlyCoded(values: Float64Array, codes: Int32Array, n: number): void {
    const dict = this.dict!;
    if (this.used + n > this.codes.length) this.growCodes(this.used + n);
    const at = this.used;
    for (let k = 0; k < n;) {
      let end = k;
      while (end < n && codes[end] >= 0) end++;
      if (end > k) {
        // A run of coded samples, copied natively (the codes fit the array: they are its codes).
        this.codes.set(codes.subarray(k, end), at + k);
        k = end;
        if (k === n) break;
      }
      end = k + 1;
      while (end < n && codes[end] < 0) end++;
      const limit = this.codes instanceof Uint8Array ? 256 : MAX_DICTIONARY;
      const stop = dict.encode(values, k, end, this.codes, at + k, limit);
      for (let j = k; j < stop; j++)
        if (codes[j] <= -2) dict.byKey[-2 - codes[j]] = this.codes[at + j] + 1;
      if (stop < end) {
        if (limit === MAX_DICTIONARY) {
          // Full: this task's coded samples as floats, then float64 from here on.
          for (let j = 0; j < n; j++) if (codes[j] >= 0) values[j] = dict.valueOf(codes[j]);
          this.toFloats(values.slice(0, n), true);
          return;
        }
        this.widen(at + n);
      }
      k = stop;
    }
    if (looksContinuous(dict.size, this.used + n)) {
      for (let j = 0; j < n; j++) if (codes[j] >= 0) values[j] = dict.valueOf(codes[j]);
      this.toFloats(values.slice(0, n), true);
      return;
    }
    this.endTask(n);
  }

  /**
   * Tasks `from … to − 1` as pushed so far, as a series of their own (copied; coded ones with the
   * dictionary as it stands, which only grows): the same values whatever the builder does later.
   */
  take(from: number, to: number): SeriesSet {
    if (!(0 <= from && from <= to && to <= this.length))
      throw new RangeError(`invalid tasks ${from}…${to} of ${this.length}`);
    if (this.floats) return this.floats.slice(from, to);
    const base = this.offsets[from];
    const offsets = this.offsets.slice(from, to + 1);
    for (let i = 0; i < offsets.length; i++) offsets[i] -= base;
    return {
      offsets,
      dictionary: this.dict!.values(),
      codes: this.codes.slice(base, this.offsets[to]),
    };
  }

  private endTask(n: number): void {
    this.used += n;
    if (this.tasks + 2 > this.offsets.length) {
      const next = new Float64Array(this.offsets.length * 2);
      next.set(this.offsets);
      this.offsets = next;
    }
    this.offsets[++this.tasks] = this.used;
  }

  private pushCoded(values: Float64Array, keep: boolean): boolean {
    const dict = this.dict!;
    const n = values.length;
    if (this.used + n > this.codes.length) this.growCodes(this.used + n);
    let from = 0;
    for (;;) {
      const limit = this.codes instanceof Uint8Array ? 256 : MAX_DICTIONARY;
      const stop = dict.encode(values, from, n, this.codes, this.used + from, limit);
      if (stop === n) break;
      if (limit === MAX_DICTIONARY) return this.toFloats(values, keep);
      this.widen(this.used + n);
      from = stop;
    }
    if (looksContinuous(dict.size, this.used + n)) return this.toFloats(values, keep);
    this.endTask(n);
    return false;
  }

  /**
   * Room for `samples` codes in all, allocated at once rather than grown (a loader that knows its
   * input's size); the memory is only committed as codes are written.
   */
  reserve(samples: number): void {
    if (this.dict && samples > this.codes.length) this.growCodes(samples);
  }

  /** Two bytes a code from here on; the codes below `written` kept. */
  private widen(written: number): void {
    const next = new Uint16Array(this.codes.length);
    next.set(this.codes.subarray(0, written));
    this.codes = next;
  }

  private growCodes(need: number): void {
    const size = Math.max(need, this.codes.length * 2);
    const next = this.codes instanceof Uint8Array ? new Uint8Array(size) : new Uint16Array(size);
    next.set(this.codes.subarray(0, this.used));
    this.codes = next;
  }

  /** The dictionary is full: every task so far decoded to float64, and `last` after them. */
  private toFloats(last: Float64Array, keep: boolean): boolean {
    const coded = this.coded();
    this.floats = [];
    for (let i = 0; i < this.tasks; i++) {
      const from = coded.offsets[i];
      const out = new Float64Array(coded.offsets[i + 1] - from);
      for (let k = 0; k < out.length; k++) out[k] = coded.dictionary[coded.codes[from + k]];
      this.floats.push(out);
    }
    this.dict = null;
    this.codes = new Uint8Array(0);
    this.floats.push(keep ? last : last.slice());
    return keep;
  }

  private coded(): CodedSeries {
    const trim = <T extends Uint8Array | Uint16Array | Float64Array>(a: T, n: number): T =>
      (a.length - n > n / 8 ? a.slice(0, n) : a.subarray(0, n)) as T;
    return {
      offsets: trim(this.offsets, this.tasks + 1),
      dictionary: this.dict!.values(),
      codes: trim(this.codes, this.used),
    };
  }

  /** The series: coded when every value fit the dictionary and saves bytes, else float64 arrays. */
  finish(): SeriesSet {
    if (this.floats) return this.floats;
    const coded = this.coded();
    if (saves(coded)) return coded;
    this.toFloats(new Float64Array(0), false);
    this.floats!.pop();
    return this.floats!;
  }
}

/** `series` coded (exact) when its values fit a dictionary, else `series` itself. */
export function compactSeries(series: SeriesSet): SeriesSet {
  if (isCoded(series) || series.length === 0) return series;
  let total = 0;
  for (const x of series) total += x.length;
  const dict = new ValueDictionary();
  const codes = new Uint16Array(total);
  const offsets = new Float64Array(series.length + 1);
  let at = 0;
  for (let i = 0; i < series.length; i++) {
    const x = series[i];
    if (dict.encode(x, 0, x.length, codes, at) < x.length) return series;
    at += x.length;
    if (looksContinuous(dict.size, at)) return series;
    offsets[i + 1] = at;
  }
  const dictionary = dict.values();
  const coded = {
    offsets,
    dictionary,
    codes: dictionary.length <= 256 ? Uint8Array.from(codes) : codes,
  };
  return saves(coded) ? coded : series;
}

/** Whether coded arrays take fewer bytes than the same samples as float64. */
function saves(c: CodedSeries): boolean {
  return c.codes.byteLength + c.dictionary.byteLength + c.offsets.byteLength < c.codes.length * 8;
}

/** `s` with inst and avg each coded where exact (see `compactSeries`). */
export function compactSamples(s: TaskSamples): TaskSamples {
  return {
    ...s,
    inst: compactSeries(s.inst),
    ...(s.avg ? { avg: compactSeries(s.avg) } : {}),
  };
}

/** A raw load's extras (`RawExtras`) with their series coded where exact, as the samples are. */
export function compactExtras(extras: RawExtras): RawExtras {
  const { otherUnit, multipliers } = extras;
  return {
    ...extras,
    ...(otherUnit ? { otherUnit: { ...otherUnit, inst: compactSeries(otherUnit.inst) } } : {}),
    ...(multipliers ? { multipliers: compactSeries(multipliers) } : {}),
  };
}
