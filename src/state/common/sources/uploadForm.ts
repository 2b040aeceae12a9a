/**
 * The upload form's model: its fields as typed, the loader options they stand for, and the fields
 * a link to files gives (so a link's recipient sees and keeps the link's options).
 */
import { decimalOrNull, whyNotDecimal } from '../../../engine/numberText.ts';
import {
  PAPER_FILTERS,
  findFormat,
  inRange,
  numberRange,
  rangeText,
  type FormatId,
  type NumberRange,
  type PreviewOptions,
  type Unit,
} from '../../../engine/index.ts';
import type { LoadRequest } from '../../../ingest/load.ts';
import type { UploadRef } from '../store/params.ts';

/** The form's options: strings as typed, turned into loader options by `requestOf`. */
export interface UploadOptions {
  format: 'auto' | FormatId;
  unit: '' | Unit;
  taskSize: string;
  coresPerMachine: string;
  capacity: string;
  clamp: boolean;
  skipBadLines: boolean;
  /** Refuse a repeated timestamp of a series instead of merging it into the first sample. */
  refuseDuplicates: boolean;
  idColumn: string;
  valueColumn: string;
  avgColumn: string;
  scaleColumn: string;
  npyKind: '' | 'samples' | 'realizations';
  timeColumns: string;
  timeColumn: string;
  idLabel: string;
  minRecords: string;
  dropAllZeroInst: boolean;
  replaceAvgAboveOne: boolean;
  dropFailed: boolean;
}

export const FORM_DEFAULTS: UploadOptions = {
  format: 'auto',
  unit: '',
  taskSize: '',
  coresPerMachine: '',
  capacity: '',
  clamp: false,
  skipBadLines: false,
  refuseDuplicates: false,
  idColumn: '',
  valueColumn: '',
  avgColumn: '',
  scaleColumn: '',
  npyKind: '',
  timeColumns: '',
  timeColumn: '',
  idLabel: '',
  minRecords: String(PAPER_FILTERS.minRecords),
  dropAllZeroInst: PAPER_FILTERS.dropAllZeroInst,
  replaceAvgAboveOne: PAPER_FILTERS.replaceAvgAboveOne,
  dropFailed: PAPER_FILTERS.dropFailed,
};

const column = (s: string) => (/^\d+$/.test(s.trim()) ? decimalOrNull(s)! : s.trim());
const positive = (s: string) => {
  const v = decimalOrNull(s);
  return v !== null && v > 0 ? v : undefined;
};

type NumberBox = 'taskSize' | 'coresPerMachine' | 'capacity' | 'timeColumns' | 'minRecords';

/** The form's number boxes, each with its label as shown and the range the loader accepts. */
const NUMBER_BOXES: Record<NumberBox, NumberRange> = {
  taskSize: numberRange('Task size', 'size', { min: 0, minOpen: true }),
  coresPerMachine: numberRange('cores per machine', 'cores', { min: 0, minOpen: true }),
  capacity: numberRange('capacity', 'capacity', { min: 0, minOpen: true }),
  timeColumns: numberRange('time columns', 'columns', { min: 0, max: 1e6, integer: true }),
  minRecords: numberRange('keep tasks with at least N records', 'N', {
    min: 1,
    max: 1e9,
    integer: true,
  }),
};

/** A box whose text does not read, and why in words naming the box. */
interface FormProblem {
  readonly key: keyof UploadOptions;
  readonly message: string;
}

/**
 * What is wrong with the form's number boxes, each named by its label; empty when every box is
 * empty (the loader's default) or holds a number in its range. A box that does not read is never
 * taken as its default: the preview shows these and Use stays off.
 */
export function formProblems(o: UploadOptions): FormProblem[] {
  return (Object.entries(NUMBER_BOXES) as [NumberBox, NumberRange][]).flatMap(([key, range]) => {
    const typed = o[key].trim();
    if (typed === '') return [];
    const v = decimalOrNull(typed);
    if (v !== null && inRange(range, v)) return [];
    const why = v === null ? whyNotDecimal(typed) : `needs ${rangeText(range)}`;
    return [{ key, message: `${range.name}: "${typed}" — ${why}` }];
  });
}

/** Whether `name` is a format of the registry (a link may name one this page does not have). */
export function knownFormat(name: string): boolean {
  return findFormat(name) !== undefined;
}

/** The loader options of the form (only what the user set, so the loader's defaults apply). */
export function requestOf(o: UploadOptions): PreviewOptions {
  const filters = {
    minRecords: Math.max(1, Math.floor(decimalOrNull(o.minRecords) ?? 1)),
    dropAllZeroInst: o.dropAllZeroInst,
    replaceAvgAboveOne: o.replaceAvgAboveOne,
    dropFailed: o.dropFailed,
  };
  const cores = positive(o.coresPerMachine);
  const capacity = positive(o.capacity);
  const time =
    o.timeColumns.trim() === '' ? undefined : Math.max(0, decimalOrNull(o.timeColumns) ?? 0);
  return {
    format: o.format,
    ...(positive(o.taskSize) !== undefined ? { scale: positive(o.taskSize) } : {}),
    ...(o.unit ? { unit: o.unit } : {}),
    ...(cores !== undefined ? { coresPerMachine: cores } : {}),
    ...(capacity !== undefined ? { capacity } : {}),
    ...(o.clamp ? { clamp: true } : {}),
    ...(o.skipBadLines ? { skipBadLines: true } : {}),
    ...(o.refuseDuplicates ? { duplicates: 'refuse' as const } : {}),
    ...(o.idColumn.trim() ? { idColumn: column(o.idColumn) } : {}),
    ...(o.valueColumn.trim() ? { valueColumn: column(o.valueColumn) } : {}),
    ...(o.avgColumn.trim() ? { avgColumn: column(o.avgColumn) } : {}),
    ...(o.scaleColumn.trim() ? { scaleColumn: column(o.scaleColumn) } : {}),
    ...(o.npyKind ? { kind: o.npyKind } : {}),
    ...(time !== undefined ? { timeColumns: time } : {}),
    ...(o.timeColumn.trim() ? { timeColumn: column(o.timeColumn) } : {}),
    ...(o.idLabel.trim() ? { idLabel: o.idLabel.trim() } : {}),
    filters,
  };
}

export function toLoadRequest(options: PreviewOptions): LoadRequest {
  const { format = 'auto', rows: _r, values: _v, ...rest } = options;
  return (
    format === 'auto' ? { format: 'auto', ...rest } : { format: 'auto', as: format, ...rest }
  ) as LoadRequest;
}

const text = (v: string | number | undefined) => (v === undefined ? '' : String(v));

/** The upload form's fields that reproduce a link's load (the rest keep the form's defaults). */
export function formFromLink(link: UploadRef, scale: number): Partial<UploadOptions> {
  const o = link.options ?? {};
  const cores = o.coresPerMachine ?? (o.unit === 'cores' ? o.capacity : undefined);
  const f = o.filters;
  return {
    format: knownFormat(link.format) ? (link.format as FormatId) : 'auto',
    unit: o.unit ?? '',
    taskSize: String(scale),
    coresPerMachine: text(cores),
    capacity: o.unit === 'cores' ? '' : text(o.capacity),
    clamp: o.clamp === true,
    skipBadLines: o.skipBadLines === true,
    refuseDuplicates: o.duplicates === 'refuse',
    idColumn: text(o.idColumn),
    valueColumn: text(o.valueColumn),
    avgColumn: text(o.avgColumn),
    scaleColumn: text(o.scaleColumn),
    npyKind: o.kind ?? '',
    timeColumns: text(o.timeColumns),
    timeColumn: text(o.timeColumn),
    idLabel: o.idLabel ?? '',
    ...(f?.minRecords !== undefined && { minRecords: String(f.minRecords) }),
    ...(f?.dropAllZeroInst !== undefined && { dropAllZeroInst: f.dropAllZeroInst }),
    ...(f?.replaceAvgAboveOne !== undefined && { replaceAvgAboveOne: f.replaceAvgAboveOne }),
    ...(f?.dropFailed !== undefined && { dropFailed: f.dropFailed }),
  };
}
