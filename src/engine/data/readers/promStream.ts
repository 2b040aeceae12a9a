/**
 * A Prometheus `query_range` response read as it streams (SPEC §10): the JSON tokenizer's events
 * are followed along the paths `status`, `error`, `errorType`, `data.resultType`, `data.result[k]
 * .metric` and `data.result[k].values[j]`, everything else skipped. Each series is handed over
 * when its object closes (so `values` may come before `metric`); series wait until `status` is
 * "success" and `resultType` "matrix" have been read, so the structural checks keep their order
 * whatever the key order. Memory: the current series and the waiting ones, never the response.
 * Given the range the answer was asked for, points outside it are left out and counted (a server
 * answering another range is told by `inside` 0 and `outside` > 0); `warnings` (Prometheus's word
 * that an answer is partial) are kept, the first few.
 */
import {
  F64Column,
  latin1 as importedLatin1,
  parseDecimal as importedParseDecimal,
  scanNumber as importedScanNumber,
} from '../streams/bytes.ts';
import { jsonString as importedJsonString, type JsonEvents } from '../streams/jsonScan.ts';
import { decimalOrNull } from '../../numberText.ts';

// Under tsx (the CLI, the Node bench) an imported binding is read through a getter at every use;
// the ones used per value are bound once here.
const latin1 = importedLatin1;
const parseDecimal = importedParseDecimal;
const scanNumber = importedScanNumber;
const jsonString = importedJsonString;
/** One series as read: its labels, and its points (time, value; NaN where unreadable). */
export interface PromSeries {
  /** 0-based position in data.result. */
  readonly index: number;
  readonly labels: Record<string, unknown>;
  /** False when the series has no "values" array. */
  readonly hasValues: boolean;
  readonly times: Float64Array;
  readonly values: Float64Array;
  /** Points that are not a [time, value] pair. */
  readonly malformed: ReadonlySet<number>;
  /** The value's text of points whose value is not in [0, bound] (for messages). */
  readonly raws: ReadonlyMap<number, string>;
}

/** What the top of the response said, for the structural checks at its end. */
export interface PromHead {
  rootIsObject: boolean;
  status: unknown;
  error: unknown;
  errorType: unknown;
  dataIsObject: boolean;
  resultType: unknown;
  resultIsArray: boolean;
}

// Container roles.
const R_ROOT = 1;
const R_DATA = 2;
const R_RESULT = 3;
const R_SERIES = 4;
const R_METRIC = 5;
const R_VALUES = 6;
const R_POINT = 7;
const R_SKIP = 8;
const R_WARNINGS = 9;

// What a value is.
const V_ROOT = 0;
const V_STATUS = 1;
const V_ERROR = 2;
const V_ERRTYPE = 3;
const V_DATA = 4;
const V_RTYPE = 5;
const V_RESULT = 6;
const V_SERIES = 7;
const V_METRIC = 8;
const V_VALUES = 9;
const V_POINT = 10;
const V_ELEM = 11;
const V_LABEL = 12;
const V_SKIP = 13;
const V_WARNINGS = 14;
const V_WARNING = 15;

/** Warnings kept per answer, and characters kept of each. */
const MAX_WARNINGS = 5;
const MAX_WARNING_CHARS = 300;

const ROOT_KEYS: Record<string, number> = {
  status: V_STATUS,
  error: V_ERROR,
  errorType: V_ERRTYPE,
  data: V_DATA,
  warnings: V_WARNINGS,
};
const DATA_KEYS: Record<string, number> = { resultType: V_RTYPE, result: V_RESULT };
const SERIES_KEYS: Record<string, number> = { metric: V_METRIC, values: V_VALUES };

export class PromStream implements JsonEvents {
  readonly head: PromHead = {
    rootIsObject: false,
    status: undefined,
    error: undefined,
    errorType: undefined,
    dataIsObject: false,
    resultType: undefined,
    resultIsArray: false,
  };
  private roles = new Uint8Array(64);
  private depth = 0;
  private keyValue = V_SKIP;
  private labelKey = '';
  private seriesCount = 0;
  private labels: Record<string, unknown> = {};
  private hasValues = false;
  private times = new F64Column(1 << 12);
  private values = new F64Column(1 << 12);
  private malformed = new Set<number>();
  private raws = new Map<number, string>();
  private elem = 0;
  private pointTime = NaN;
  private pointValue = NaN;
  private pointRaw: string | null = null;
  private readonly waiting: PromSeries[] = [];
  /** True inside a values array: the tokenizer reports plain pairs by `pair`. */
  pairs = false;
  /** Points kept (inside the asked range) and left out (outside it), over the whole answer. */
  inside = 0;
  outside = 0;
  /** The earliest and latest instant of the points left out. */
  outsideFirst = Infinity;
  outsideLast = -Infinity;
  /** The answer's `warnings` (the first MAX_WARNINGS, each cut to MAX_WARNING_CHARS), and their count. */
  readonly warnings: string[] = [];
  warningCount = 0;

  constructor(
    /** Values in [0, bound] need no text kept. */
    private readonly bound: number,
    private readonly onSeries: (s: PromSeries) => void,
    /** The range asked for (unix s, both ends in it), when known. */
    private readonly asked?: { readonly start: number; readonly end: number },
  ) {}

  /** Whether a point at `t` is kept (counted either way); NaN times are kept for the reader to refuse. */
  private keeps(t: number): boolean {
    const a = this.asked;
    if (!a || !(t < a.start || t > a.end)) {
      this.inside++;
      return true;
    }
    this.outside++;
    if (t < this.outsideFirst) this.outsideFirst = t;
    if (t > this.outsideLast) this.outsideLast = t;
    return false;
  }

  /** True once the response is known to be a success with a matrix. */
  get ready(): boolean {
    return this.head.status === 'success' && this.head.resultType === 'matrix';
  }

  /** Hands over the series still waiting (after the structural checks passed). */
  flush(): void {
    for (const s of this.waiting.splice(0)) this.onSeries(s);
  }

  private role(): number {
    if (this.depth === 0) return V_ROOT;
    switch (this.roles[this.depth - 1]) {
      case R_VALUES:
        return V_POINT;
      case R_POINT:
        return V_ELEM;
      case R_SKIP:
        return V_SKIP;
      case R_RESULT:
        return V_SERIES;
      case R_METRIC:
        return V_LABEL;
      case R_WARNINGS:
        return V_WARNING;
      default:
        return this.keyValue;
    }
  }

  private enter(role: number): void {
    if (this.depth === this.roles.length) {
      const grown = new Uint8Array(this.roles.length * 2);
      grown.set(this.roles);
      this.roles = grown;
    }
    this.roles[this.depth++] = role;
    this.pairs = role === R_VALUES;
  }

  open(array: boolean): void {
    const v = this.role();
    let role = R_SKIP;
    switch (v) {
      case V_ROOT:
        this.head.rootIsObject = !array;
        if (!array) role = R_ROOT;
        break;
      case V_DATA:
        this.head.dataIsObject = true;
        if (!array) role = R_DATA;
        break;
      case V_RESULT:
        this.head.resultIsArray = array;
        if (array) role = R_RESULT;
        break;
      case V_WARNINGS:
        if (array) role = R_WARNINGS;
        break;
      case V_SERIES:
        this.startSeries();
        if (!array) role = R_SERIES;
        else this.endSeries();
        break;
      case V_METRIC:
        if (!array) role = R_METRIC;
        break;
      case V_VALUES:
        this.hasValues = array;
        if (array) role = R_VALUES;
        break;
      case V_POINT:
        if (array) {
          role = R_POINT;
          this.elem = 0;
          this.pointTime = NaN;
          this.pointValue = NaN;
          this.pointRaw = null;
        } else this.badPoint();
        break;
      case V_ELEM:
        this.element(NaN, array ? '' : '[object Object]');
        break;
      case V_LABEL:
        this.labels[this.labelKey] = array ? '' : '[object Object]';
        break;
      case V_STATUS:
      case V_ERROR:
      case V_ERRTYPE:
      case V_RTYPE:
        this.headValue(v, array ? [] : {});
    }
    this.enter(role);
  }

  close(): void {
    const role = this.roles[--this.depth];
    this.pairs = this.depth > 0 && this.roles[this.depth - 1] === R_VALUES;
    if (role === R_POINT) {
      if (this.elem !== 2) this.badPoint();
      else if (this.keeps(this.pointTime)) {
        if (this.pointRaw !== null) this.raws.set(this.times.length, this.pointRaw);
        this.times.push(this.pointTime);
        this.values.push(this.pointValue);
      }
    } else if (role === R_SERIES) this.endSeries();
  }

  pair(buf: Uint8Array, numStart: number, numEnd: number, strStart: number, strEnd: number): void {
    const t = scanNumber(buf, numStart, numEnd);
    if (!this.keeps(t)) return;
    const x = scanNumber(buf, strStart, strEnd);
    if (!(x >= 0 && x <= this.bound)) {
      this.raws.set(this.times.length, latin1(buf, strStart, strEnd));
    }
    this.times.push(t);
    this.values.push(x);
  }

  key(buf: Uint8Array, start: number, end: number, escaped: boolean): void {
    const parent = this.roles[this.depth - 1];
    if (parent === R_SKIP) return;
    const k = jsonString(buf, start, end, escaped, latin1);
    if (parent === R_METRIC) this.labelKey = k;
    const table = parent === R_ROOT ? ROOT_KEYS : parent === R_DATA ? DATA_KEYS : SERIES_KEYS;
    this.keyValue = parent === R_METRIC ? V_LABEL : (table[k] ?? V_SKIP);
  }

  string(buf: Uint8Array, start: number, end: number, escaped: boolean): void {
    const v = this.role();
    if (v === V_SKIP) return;
    if (v === V_ELEM && !escaped) {
      // Plain decimals only: NaN, ±Inf, hex and empty text are not numbers (never 0 or 31).
      const x = parseDecimal(buf, start, end);
      const raw = this.elem === 1 && !(x >= 0 && x <= this.bound) ? latin1(buf, start, end) : null;
      return this.element(x, raw);
    }
    const text = jsonString(buf, start, end, escaped, latin1);
    if (v === V_WARNING) {
      if (this.warningCount++ < MAX_WARNINGS)
        this.warnings.push(
          text.length > MAX_WARNING_CHARS ? `${text.slice(0, MAX_WARNING_CHARS)}…` : text,
        );
      return;
    }
    this.scalar(v, text, decimalOrNull(text) ?? NaN);
  }

  number(buf: Uint8Array, start: number, end: number): void {
    const v = this.role();
    if (v === V_SKIP) return;
    const x = parseDecimal(buf, start, end);
    if (v === V_ELEM) return this.element(x, null);
    this.scalar(v, x, x);
  }

  literal(value: boolean | null): void {
    const v = this.role();
    // null, true and false are not samples (null is not 0).
    if (v !== V_SKIP) this.scalar(v, value, NaN);
  }

  /** A scalar (string, number, literal) in role `v`; `asNumber` is `Number(value)`. */
  private scalar(v: number, value: unknown, asNumber: number): void {
    switch (v) {
      case V_SERIES:
        this.startSeries();
        return this.endSeries();
      case V_POINT:
        return this.badPoint();
      case V_ELEM:
        return this.element(asNumber, String(value));
      case V_LABEL:
        this.labels[this.labelKey] = value;
        return;
      case V_DATA:
        this.head.dataIsObject = false;
        return;
      case V_RESULT:
        this.head.resultIsArray = false;
        return;
      case V_STATUS:
      case V_ERROR:
      case V_ERRTYPE:
      case V_RTYPE:
        return this.headValue(v, value);
    }
  }

  private headValue(v: number, value: unknown): void {
    if (v === V_STATUS) this.head.status = value;
    else if (v === V_ERROR) this.head.error = value;
    else if (v === V_ERRTYPE) this.head.errorType = value;
    else this.head.resultType = value;
    if (this.ready) this.flush();
  }

  /** Element `this.elem` of a point: 0 the time, 1 the value (`raw` its text when kept). */
  private element(x: number, raw: string | null): void {
    if (this.elem === 0) this.pointTime = x;
    else if (this.elem === 1) {
      this.pointValue = x;
      this.pointRaw = x >= 0 && x <= this.bound ? null : (raw ?? String(x));
    }
    this.elem++;
  }

  private badPoint(): void {
    this.malformed.add(this.times.length);
    this.times.push(NaN);
    this.values.push(NaN);
  }

  private startSeries(): void {
    this.labels = {};
    this.hasValues = false;
    this.times.length = 0;
    this.values.length = 0;
    this.malformed = new Set();
    this.raws = new Map();
  }

  private endSeries(): void {
    const ready = this.ready;
    const s: PromSeries = {
      index: this.seriesCount++,
      labels: this.labels,
      hasValues: this.hasValues,
      times: ready ? this.times.view() : this.times.view().slice(),
      values: ready ? this.values.view() : this.values.view().slice(),
      malformed: this.malformed,
      raws: this.raws,
    };
    if (ready) this.onSeries(s);
    else this.waiting.push(s);
  }
}
