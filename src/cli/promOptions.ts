/**
 * `--prometheus URL` wherever `--data` is taken: the range, step and query of a live source, a
 * bearer token from `--bearer-token` (or `--token`, the spelling krr and kubectl users type) or the
 * SLOPACK_PROMETHEUS_TOKEN environment variable and
 * headers from `--prometheus-header NAME=VALUE` (used for the calls only, never printed or
 * written), and the time and size limits of each answer (ingest promFetch.ts).
 */
import {
  DEFAULT_CPU_QUERY,
  apiBase,
  numberRange,
  parseDuration,
  resolveRange,
  type PromSource,
} from '../engine/index.ts';
import { decimalOrNull } from '../engine/numberText.ts';
import { rangeProblem, type NumberRange } from '../engine/ranges.ts';
import { ALIGN_STEP } from './ranges.ts';
import { loadSource, type PromAccess, type SourceLoad } from '../ingest/prometheusSource.ts';
import {
  CHUNK_DEADLINE_S,
  CONNECT_TIMEOUT_S,
  IDLE_TIMEOUT_S,
  MAX_ANSWER_BYTES,
  type FetchLimits,
} from '../ingest/promFetch.ts';
import type { StreamControl } from '../ingest/stream.ts';
import { UsageError, rangeOption, repeatedValues, type OptionSpec, type Options } from './args.ts';

/** Seconds of a time limit: above 0, at most a day. */
const seconds = (flag: string) =>
  numberRange(flag, 'seconds', { min: 0, minOpen: true, max: 86400, flag });

const TOKEN_ENV = 'SLOPACK_PROMETHEUS_TOKEN';

/** Seconds of a step given as a number (seconds) or a Prometheus duration (60s, 5m, 1h), or null. */
function stepSeconds(raw: string): number | null {
  const duration = parseDuration(raw);
  return Number.isNaN(duration) ? decimalOrNull(raw) : duration;
}

/** A number option of seconds given as seconds or a Prometheus duration (60, 60s, 5m, 1h). */
export function durationOption(range: NumberRange, help: string): OptionSpec {
  const flag = range.flag ?? range.name;
  return {
    kind: 'number',
    help,
    range,
    check: (raw) => {
      const v = stepSeconds(raw);
      if (v === null)
        return `invalid --${flag} "${raw.slice(0, 40)}": expected seconds or a duration (60, 60s, 5m, 1h)`;
      return rangeProblem({ ...range, name: flag }, v);
    },
    parse: (raw) => stepSeconds(raw)!,
  };
}

/**
 * `--step`, one declaration for every command: the seconds between instants, as seconds or a
 * duration; with --prometheus the query's step, with files the grid the data are aligned on.
 */
export const STEP_OPTION = durationOption(
  ALIGN_STEP,
  'seconds between instants, 60 or 60s, 5m, 1h (with --prometheus the query’s step, default 60s; with files the grid’s, default the data’s own; Google task_usage 300; also dates days:… on an index axis)',
);

export const promOptions = {
  prometheus: {
    kind: 'string',
    help: 'read a Prometheus HTTP API instead of files (Prometheus, Thanos, VictoriaMetrics, Mimir, Grafana proxy URL)',
  },
  query: { kind: 'string', help: `PromQL, one series per pod (default: ${DEFAULT_CPU_QUERY})` },
  range: {
    kind: 'string',
    help: 'with --prometheus: how far back from --end (e.g. 7d, 12h; default 1d)',
  },
  start: { kind: 'string', help: 'with --prometheus: start (unix s, RFC 3339, now-7d)' },
  end: { kind: 'string', help: 'with --prometheus: end (default now)' },
  step: STEP_OPTION,
  'bearer-token': {
    kind: 'string',
    help: `with --prometheus: bearer token (or the ${TOKEN_ENV} environment variable); never written anywhere`,
  },
  token: { kind: 'string', help: 'with --prometheus: the same as --bearer-token' },
  'prometheus-header': {
    kind: 'string',
    repeatable: true,
    help: 'with --prometheus: a header sent with every call, NAME=VALUE (repeatable; e.g. X-Scope-OrgID=tenant); never written anywhere',
  },
  'prometheus-connect-timeout': rangeOption(
    seconds('prometheus-connect-timeout'),
    `with --prometheus: seconds to wait for an answer to begin (default ${CONNECT_TIMEOUT_S})`,
  ),
  'prometheus-idle-timeout': rangeOption(
    seconds('prometheus-idle-timeout'),
    `with --prometheus: seconds an answer may send nothing (default ${IDLE_TIMEOUT_S})`,
  ),
  'prometheus-deadline': rangeOption(
    seconds('prometheus-deadline'),
    `with --prometheus: seconds one answer (one chunk of the range) may take in all (default ${CHUNK_DEADLINE_S})`,
  ),
  'prometheus-max-mib': rangeOption(
    numberRange('prometheus-max-mib', 'MiB', {
      min: 0,
      minOpen: true,
      max: 4096,
      flag: 'prometheus-max-mib',
    }),
    `with --prometheus: MiB one answer may hold, after undoing its compression (default ${MAX_ANSWER_BYTES / 2 ** 20})`,
  ),
} as const satisfies Record<string, OptionSpec>;

/** The source the options name (no token), or null without --prometheus. */
export function sourceFromOptions(o: Options, now = Date.now() / 1000): PromSource | null {
  if (o.prometheus === undefined) return null;
  if (o.data !== undefined) throw new UsageError('give --data or --prometheus, not both');
  try {
    const str = (k: string) => (o[k] === undefined ? undefined : String(o[k]));
    const range = resolveRange(
      { range: str('range'), start: str('start'), end: str('end'), step: str('step') },
      now,
    );
    return {
      url: apiBase(String(o.prometheus)),
      query: str('query') ?? DEFAULT_CPU_QUERY,
      ...range,
    };
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
}

function tokenFromOptions(o: Options): string | undefined {
  if (o.token !== undefined && o['bearer-token'] !== undefined)
    throw new UsageError('give --token or --bearer-token (the same bearer token), not both');
  const t =
    (o['bearer-token'] as string | undefined) ??
    (o.token as string | undefined) ??
    process.env[TOKEN_ENV];
  return t ? t : undefined;
}

/** A header's name: an HTTP token (RFC 9110 §5.6.2). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The `--prometheus-header` values as headers; a malformed one is a usage error naming it. */
function headersFromOptions(o: Options): Record<string, string> {
  const out: Record<string, string> = {};
  const given = o['prometheus-header'];
  if (given === undefined) return out;
  repeatedValues(given).forEach((text, i) => {
    const eq = text.indexOf('=');
    const name = eq > 0 ? text.slice(0, eq).trim() : '';
    // The text may be a secret (a value given without its name): it is never repeated.
    if (eq < 0)
      throw new UsageError(
        `invalid --prometheus-header (number ${i + 1}): expected NAME=VALUE, e.g. X-Scope-OrgID=tenant (no "=" found)`,
      );
    if (!HEADER_NAME.test(name))
      throw new UsageError(
        `invalid --prometheus-header: the name "${name.slice(0, 40)}" is not a header name (letters, digits and !#$%&'*+.^_\`|~-)`,
      );
    if (/^authorization$/i.test(name) && tokenFromOptions(o))
      throw new UsageError(
        '--prometheus-header Authorization and a bearer token: give one of them',
      );
    if (/[^\t\x20-\x7e\x80-\xff]/.test(text))
      throw new UsageError(
        `invalid --prometheus-header ${name}: its value holds a control character or a character HTTP headers cannot carry`,
      );
    out[name] = text.slice(eq + 1).trim();
  });
  return out;
}

/** The limits the options set on each answer (promFetch.ts). */
function limitsFromOptions(o: Options): Partial<FetchLimits> {
  const num = (k: string) => (typeof o[k] === 'number' ? (o[k] as number) : undefined);
  const mib = num('prometheus-max-mib');
  return {
    ...(num('prometheus-connect-timeout')
      ? { connectTimeout: num('prometheus-connect-timeout') }
      : {}),
    ...(num('prometheus-idle-timeout') ? { idleTimeout: num('prometheus-idle-timeout') } : {}),
    ...(num('prometheus-deadline') ? { deadline: num('prometheus-deadline') } : {}),
    ...(mib ? { maxBytes: Math.round(mib * 2 ** 20) } : {}),
  };
}

/** How the options reach the server: token, headers and limits (never printed). */
export function accessFromOptions(o: Options): PromAccess {
  const token = tokenFromOptions(o);
  return {
    ...(token ? { token } : {}),
    headers: headersFromOptions(o),
    limits: limitsFromOptions(o),
    namesFlags: true,
  };
}

/** Loads the source of the options; progress on stderr when there are several chunks. */
export async function loadPrometheusOptions(
  o: Options,
  source: PromSource,
  control: StreamControl = {},
  keep: { times?: boolean } = {},
): Promise<SourceLoad> {
  const cores = o['cores-per-machine'] as number | undefined;
  try {
    return await loadSource(
      source,
      accessFromOptions(o),
      {
        ...(cores !== undefined ? { coresPerMachine: cores } : {}),
        ...(o['id-label'] !== undefined ? { idLabel: String(o['id-label']) } : {}),
        ...(o.clamp ? { clamp: true } : {}),
        ...(o.scale !== undefined ? { scale: o.scale as number } : {}),
        ...(keep.times ? { times: true } : {}),
        onRetention: (note) => process.stderr.write(`${note}\n`),
      },
      {
        ...control,
        onProgress:
          control.onProgress ??
          ((p) => {
            if (p.files > 1 && p.done) process.stderr.write(`read ${p.file}\n`);
          }),
      },
    );
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
}
