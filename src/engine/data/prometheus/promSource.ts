/**
 * A live Prometheus source as the page's link and the command line name it (what promRange.ts plans
 * reads from): kept apart from the read's planning so that a link is decoded without loading it.
 */
import { decimalOrNull } from '../../numberText.ts';

export const DEFAULT_CPU_QUERY =
  'sum by (namespace, pod, node) (rate(container_cpu_usage_seconds_total{container!="", image!=""}[5m]))';

/** What is asked of the server (never the token: it is not part of a source). */
export interface PromSource {
  /** The server's base URL, without /api/v1 (a Grafana proxy path is kept). */
  readonly url: string;
  readonly query: string;
  /** Unix seconds. */
  readonly start: number;
  readonly end: number;
  /** Seconds between instants. */
  readonly step: number;
  /** Cores per node given by the user (the server exports no node capacity); else read from it. */
  readonly cores?: number;
  /**
   * Cut only where the 11,000-point cap forces, as every read was before READ_PIECES: a link made
   * then names its answers so, and their hash (the dataset's key) depends on the cut.
   */
  readonly capOnly?: boolean;
}

/** A source as link parameters (never a token) and back. */
export function sourceToParams(s: PromSource): Record<string, string> {
  return {
    prom: s.url,
    q: s.query,
    start: String(s.start),
    end: String(s.end),
    step: String(s.step),
    ...(s.cores !== undefined ? { cores: String(s.cores) } : {}),
  };
}

export function sourceFromParams(p: { get(key: string): string | null }): PromSource | null {
  const url = p.get('prom');
  if (!url) return null;
  const num = (k: string) => decimalOrNull(p.get(k) ?? '') ?? NaN;
  const s = {
    url,
    query: p.get('q') ?? DEFAULT_CPU_QUERY,
    start: num('start'),
    end: num('end'),
    step: num('step'),
  };
  const cores = p.get('cores');
  // Prometheus reads a step to the millisecond (model.ParseDuration); less is no step at all.
  if (!(Number.isFinite(s.start) && Number.isFinite(s.end) && s.step >= 0.001)) return null;
  if (cores === null) return s;
  const c = num('cores');
  return c > 0 ? { ...s, cores: c } : null;
}
