import { av } from './av.ts';
import { bernstein } from './bernstein.ts';
import { cantelli } from './cantelli.ts';
import { convolution, DEFAULT_BIN } from './convolution.ts';
import { cornishFisher } from './cornishFisher.ts';
import { empirical } from './empirical.ts';
import type { FitSpec, FitTest } from './fitTest.ts';
import { gpa } from './gpa.ts';
import { hoeffding } from './hoeffding.ts';
import { max, perc } from './perc.ts';

export type { FitKind, FitSpec, FitTest, MachineState, MachineSums, TaskSizes } from './fitTest.ts';
export { gaussianOverflow } from './gpa.ts';
export { cornishFisherOverflow } from './cornishFisher.ts';
export { bernsteinMargin } from './bernstein.ts';
export {
  DEFAULT_BIN,
  MAX_BINS,
  MachineDistribution,
  capacityBins,
  checkBin,
} from './convolution.ts';

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
    case 'cf':
      return cornishFisher(spec.rho);
    case 'emp':
      return empirical(spec.rho);
    case 'conv':
      return convolution(spec.rho, spec.bin);
    case 'bern':
      return bernstein(spec.rho);
    case 'hoeff':
      return hoeffding(spec.rho);
  }
}

const NOTATION = 'gpa:ρ, cantelli:b, av:f, perc:p, max, cf:ρ, emp:ρ, conv:ρ[:w], bern:ρ or hoeff:ρ';

/**
 * Parses the peer's notation: `gpa:0.01`, `cantelli:1.7`, `av:1.25`, `perc:95`, `max`; and the
 * tail-aware tests `cf:ρ`, `emp:ρ`, `conv:ρ` or `conv:ρ:w` (bin width w), `bern:ρ`, `hoeff:ρ`.
 */
export function parseFit(text: string): FitSpec {
  const [name, ...args] = text.trim().split(':');
  const arity = name === 'max' ? [0] : name === 'conv' ? [1, 2] : [1];
  const values = args.map(Number);
  if (
    !arity.includes(args.length) ||
    args.some((a, k) => a.trim() === '' || !Number.isFinite(values[k]))
  )
    throw new RangeError(`invalid fit test: "${text}" (expected ${NOTATION})`);
  const [value] = values;
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
    case 'cf':
    case 'emp':
    case 'bern':
    case 'hoeff':
      spec = { kind: name, rho: value };
      break;
    case 'conv':
      spec = { kind: 'conv', rho: value, bin: values[1] ?? DEFAULT_BIN };
      break;
    default:
      throw new RangeError(
        `unknown fit test: "${name}" (expected gpa, cantelli, av, perc, max, cf, emp, conv, bern or hoeff)`,
      );
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
    case 'cf':
    case 'emp':
    case 'bern':
    case 'hoeff':
      return `${spec.kind}:${spec.rho}`;
    case 'conv':
      return spec.bin === DEFAULT_BIN ? `conv:${spec.rho}` : `conv:${spec.rho}:${spec.bin}`;
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

/** The tail-aware tests beside SPEC §5's, at the paper's two tightest SLOs, for trade-off views. */
export const TAIL_FITS: readonly FitSpec[] = [0.01, 0.001].flatMap(
  (rho) =>
    [
      { kind: 'cf', rho },
      { kind: 'emp', rho },
      { kind: 'conv', rho, bin: DEFAULT_BIN },
      { kind: 'bern', rho },
      { kind: 'hoeff', rho },
    ] as const,
);
