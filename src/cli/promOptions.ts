/**
 * `--prometheus URL` wherever `--data` is taken: the range, step and query of a live source, and a
 * bearer token from `--bearer-token` or the SLOPACK_PROMETHEUS_TOKEN environment variable (used for
 * the calls only, never printed or written).
 */
import { DEFAULT_CPU_QUERY, apiBase, resolveRange, type PromSource } from '../engine/index.ts';
import { loadSource, type SourceLoad } from '../ingest/prometheusSource.ts';
import type { StreamControl } from '../ingest/stream.ts';
import { UsageError, type OptionSpec, type Options } from './args.ts';

export const TOKEN_ENV = 'SLOPACK_PROMETHEUS_TOKEN';

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
  step: {
    kind: 'string',
    help: 'with --prometheus: seconds between instants (e.g. 60s, 5m; default 60s)',
  },
  'bearer-token': {
    kind: 'string',
    help: `with --prometheus: bearer token (or the ${TOKEN_ENV} environment variable); never written anywhere`,
  },
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

export function tokenFromOptions(o: Options): string | undefined {
  const t = (o['bearer-token'] as string | undefined) ?? process.env[TOKEN_ENV];
  return t ? t : undefined;
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
      { token: tokenFromOptions(o) },
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
