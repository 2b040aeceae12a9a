/**
 * The loader options of uploaded files in a link: everything the load was read with but the format
 * (`fmt`) and the task size (`s`), each under its own key (`o.unit`, `o.cap`, …), and `oh`, a check
 * over the files' SHA-256 and these options. A link whose options were edited after it was made
 * fails the check and is refused; opening a link applies its options to the files, and a load
 * with other options is refused (the numbers would differ under the same link).
 */
import {
  REPEAT_RULES,
  UNITS,
  type GoogleFilters,
  type LoadSpec,
  type SpecOptions,
} from '../../../engine/index.ts';
import type { PrometheusOptions } from '../../../engine/data/index.ts';
import { Sha256 } from '../../../engine/data/index.ts';
import { flag, int, num, oneOf, readSafely, type Read, type UrlCodec } from '../link/codecs.ts';
import { decimalOrNull } from '../../../engine/numberText.ts';

/** What a load was read with, besides its format and task size. */
export type LoaderOptions = Omit<SpecOptions, 'scale'> &
  Pick<PrometheusOptions, 'query' | 'step' | 'rangeStart' | 'rangeEnd'>;

type ColumnRef = string | number;

/** A column: its index (digits) or its header name. */
const columnCodec: UrlCodec<ColumnRef> = {
  read: (raw) =>
    raw === ''
      ? { problem: 'not a column' }
      : { value: /^\d+$/.test(raw) ? decimalOrNull(raw)! : raw },
  write: String,
};

const text: UrlCodec<string> = {
  read: (raw) => (raw === '' ? { problem: 'empty' } : { value: raw }),
  write: (v) => v,
};

const FILTER_KEYS: Record<keyof GoogleFilters, string> = {
  minRecords: 'min',
  dropAllZeroInst: 'zero',
  replaceAvgAboveOne: 'avg',
  dropFailed: 'failed',
};

/** Google's filters as `min:24,zero:1,avg:1,failed:1` (the ones set). */
const filtersCodec: UrlCodec<Partial<GoogleFilters>> = {
  read(raw) {
    const out: Record<string, number | boolean> = {};
    for (const part of raw.split(',').filter((x) => x)) {
      const [k, v] = part.split(':');
      const field = Object.entries(FILTER_KEYS).find(([, key]) => key === k)?.[0];
      if (!field) return { problem: `unknown filter "${k}"` };
      const value: Read<number | boolean> =
        field === 'minRecords' ? int('record count', 1, 1e9).read(v ?? '') : flag.read(v ?? '');
      if ('problem' in value) return { problem: `filter ${k}: ${value.problem}` };
      out[field] = value.value;
    }
    return { value: out as Partial<GoogleFilters> };
  },
  write: (f) =>
    Object.entries(f)
      .map(
        ([k, v]) =>
          `${FILTER_KEYS[k as keyof GoogleFilters]}:${v === true ? 1 : v === false ? 0 : v}`,
      )
      .join(','),
};

/** A sample of tasks as `tasks:seed`. */
const sampleCodec: UrlCodec<{ readonly tasks: number; readonly seed: number }> = {
  read(raw) {
    const [t, s] = raw.split(':');
    const tasks = int('task count', 1, 1e9).read(t ?? '');
    const seed = int('seed', 0, Number.MAX_SAFE_INTEGER).read(s ?? '');
    return 'value' in tasks && 'value' in seed
      ? { value: { tasks: tasks.value, seed: seed.value } }
      : { problem: 'not tasks:seed' };
  },
  write: (v) => `${v.tasks}:${v.seed}`,
};

const positive = (what: string) => num(what, (v) => v > 0);

interface OptionRow {
  /** The key in the link, after `o.`. */
  readonly key: string;
  /** The option in the user's words (the upload form's label, the CLI's flag). */
  readonly label: string;
  readonly codec: UrlCodec<never>;
}

const row = <T>(key: string, label: string, codec: UrlCodec<T>): OptionRow => ({
  key,
  label,
  codec: codec as unknown as UrlCodec<never>,
});

/** Every option a loader takes (the type makes a new one fail to compile until it has a row). */
export const OPTION_ROWS: Record<keyof LoaderOptions, OptionRow> = {
  unit: row('unit', 'unit (Values are)', oneOf('unit', UNITS)),
  capacity: row('cap', 'capacity', positive('capacity')),
  coresPerMachine: row('cpm', 'cores per machine', positive('core count')),
  clamp: row('clamp', 'clamp values above a machine', flag),
  skipBadLines: row('skip', 'skip bad lines', flag),
  duplicates: row('dup', 'repeated timestamps', oneOf('duplicates rule', REPEAT_RULES)),
  maxTasks: row('maxn', 'tasks loaded (the first N)', int('task count', 1, 1e9)),
  firstSampleColumn: row('col0', 'first sample column', int('column', 0, 1e6)),
  timeColumns: row('tcols', 'time columns', int('column count', 0, 1e6)),
  idColumn: row('idc', 'id column', columnCodec),
  valueColumn: row('valc', 'value column', columnCodec),
  avgColumn: row('avgc', 'avg column', columnCodec),
  scaleColumn: row('scalec', 'scale column', columnCodec),
  timeColumn: row('timec', 'time column', columnCodec),
  filters: row('filt', 'filters', filtersCodec),
  sample: row('smp', 'task sample', sampleCodec),
  kind: row('kind', '.npy holds', oneOf('.npy kind', ['samples', 'realizations'] as const)),
  idLabel: row('idl', 'Prometheus label naming a task', text),
  query: row('pq', 'PromQL query', text),
  step: row('pstep', 'step (s)', positive('step')),
  rangeStart: row('pstart', 'range start', num('time', Number.isFinite)),
  rangeEnd: row('pend', 'range end', num('time', Number.isFinite)),
};

const ROWS = Object.entries(OPTION_ROWS) as [keyof LoaderOptions, OptionRow][];

/** Every key the options take in a link (`o.` + the row's key, and the check `oh`). */
export const OPTION_KEYS: readonly string[] = [...ROWS.map(([, r]) => `o.${r.key}`), 'oh'];

/** The options of a loaded spec: all but its format and task size (and how samples are stored). */
export function optionsOfSpec(spec: LoadSpec): LoaderOptions {
  const out: Record<string, unknown> = {};
  for (const [field] of ROWS) {
    const v = (spec as Record<string, unknown>)[field];
    if (v !== undefined) out[field] = v;
  }
  return out as LoaderOptions;
}

/** The options as text in a fixed order (what the check covers and what two loads compare). */
function canonical(o: LoaderOptions): string {
  return ROWS.filter(([f]) => o[f] !== undefined)
    .map(([f, r]) => `${r.key}=${r.codec.write(o[f] as never)}`)
    .join('&');
}

/** The link's check of files and options: 16 hex digits of SHA-256 over both. */
function optionsCheck(hash: string, o: LoaderOptions, format: string): string {
  const bytes = new TextEncoder().encode(`${hash}\n${format}\n${canonical(o)}`);
  return new Sha256().update(bytes).hex().slice(0, 16);
}

export function writeOptions(
  hash: string,
  format: string,
  o: LoaderOptions,
  q: URLSearchParams,
): void {
  for (const [f, r] of ROWS)
    if (o[f] !== undefined) q.set(`o.${r.key}`, r.codec.write(o[f] as never));
  q.set('oh', optionsCheck(hash, o, format));
}

/**
 * The options of a link: null when it has none (made before links carried them), else the options
 * or the problem that refuses them (an unreadable value, or a check that fails: edited by hand).
 */
export function readOptions(
  hash: string,
  format: string,
  q: URLSearchParams,
): { options: LoaderOptions | null } | { problem: string } {
  const check = q.get('oh');
  if (check === null) return { options: null };
  const out: Record<string, unknown> = {};
  for (const [f, r] of ROWS) {
    const raw = q.get(`o.${r.key}`);
    if (raw === null) continue;
    const read = readSafely(r.codec, raw);
    if ('problem' in read) return { problem: `o.${r.key}=${JSON.stringify(raw)}: ${read.problem}` };
    out[f] = read.value;
  }
  const options = out as LoaderOptions;
  if (optionsCheck(hash, options, format) !== check)
    return {
      problem:
        'its loader options do not match its check (oh): they were changed after the link was made',
    };
  return { options };
}

/** The load a link asks for: its format and options at the link's task size. */
export function linkedSpec(format: string, o: LoaderOptions, scale: number): LoadSpec {
  return { format, ...o, scale } as unknown as LoadSpec;
}

const show = (v: unknown) => (v === undefined ? 'unset' : JSON.stringify(v));

/**
 * How a load's spec differs from a link's format, options and task size, in the user's words
 * (empty: the same load). A format's own default task size is 1.
 */
export function differences(
  link: { readonly format: string; readonly options: LoaderOptions; readonly scale: number },
  got: LoadSpec,
): string[] {
  const out: string[] = [];
  if (got.format !== link.format) out.push(`format ${got.format} (the link: ${link.format})`);
  const scale = (got as { scale?: number }).scale ?? 1;
  if (scale !== link.scale) out.push(`Task size ${scale} (the link: ${link.scale})`);
  const mine = optionsOfSpec(got);
  for (const [f, r] of ROWS) {
    const a = mine[f] === undefined ? undefined : r.codec.write(mine[f] as never);
    const b = link.options[f] === undefined ? undefined : r.codec.write(link.options[f] as never);
    const cores = f === 'capacity' && (mine.unit ?? link.options.unit) === 'cores';
    if (a !== b)
      out.push(
        `${cores ? 'cores per machine' : r.label} ${show(mine[f])} (the link: ${show(link.options[f])})`,
      );
  }
  return out;
}
