import { av } from './av.ts';
import { cantelli } from './cantelli.ts';
import type { FitSpec, FitTest } from './fitTest.ts';
import { gpa } from './gpa.ts';
import { max, perc } from './perc.ts';

export type { FitKind, FitSpec, FitTest, TaskSizes } from './fitTest.ts';
export { gaussianOverflow } from './gpa.ts';

export function fitTest(spec: FitSpec): FitTest {
  switch (spec.kind) {
    case 'gpa':
      return gpa(spec.rho);
    case 'cantelli':
      return cantelli(spec.b);
    case 'av':
      return av(spec.f);
    case 'perc':
      return perc(spec.p);
    case 'max':
      return max();
  }
}

/** Parses the peer's notation: `gpa:0.01`, `cantelli:1.7`, `av:1.25`, `perc:95`, `max`. */
export function parseFit(text: string): FitSpec {
  const [name, arg, ...rest] = text.trim().split(':');
  const value = Number(arg);
  const needsArg = name !== 'max';
  if (
    rest.length > 0 ||
    (needsArg && (arg === undefined || arg === '' || !Number.isFinite(value))) ||
    (!needsArg && arg !== undefined)
  )
    throw new RangeError(
      `invalid fit test: "${text}" (expected gpa:ρ, cantelli:b, av:f, perc:p or max)`,
    );
  let spec: FitSpec;
  switch (name) {
    case 'gpa':
      spec = { kind: 'gpa', rho: value };
      break;
    case 'cantelli':
      spec = { kind: 'cantelli', b: value };
      break;
    case 'av':
      spec = { kind: 'av', f: value };
      break;
    case 'perc':
      spec = { kind: 'perc', p: value };
      break;
    case 'max':
      spec = { kind: 'max' };
      break;
    default:
      throw new RangeError(`unknown fit test: "${name}" (expected gpa, cantelli, av, perc or max)`);
  }
  fitTest(spec);
  return spec;
}

export function formatFit(spec: FitSpec): string {
  switch (spec.kind) {
    case 'gpa':
      return `gpa:${spec.rho}`;
    case 'cantelli':
      return `cantelli:${spec.b}`;
    case 'av':
      return `av:${spec.f}`;
    case 'perc':
      return `perc:${spec.p}`;
    case 'max':
      return 'max';
  }
}

/** The fit tests of the paper's grid (SPEC §8), in the peer's order. */
export const PAPER_FITS: readonly FitSpec[] = [
  ...[0.1, 0.05, 0.01, 0.001].map((rho) => ({ kind: 'gpa', rho }) as const),
  ...[1.0, 1.7, 4.4].map((b) => ({ kind: 'cantelli', b }) as const),
  ...[1.0, 1.25, 2.0].map((f) => ({ kind: 'av', f }) as const),
  ...[50, 70, 90, 95, 99].map((p) => ({ kind: 'perc', p }) as const),
  { kind: 'max' },
];
