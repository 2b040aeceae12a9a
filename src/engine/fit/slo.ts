/**
 * The SLO every wing enforces: a per-machine overflow target and the test that enforces it (SPEC §5,
 * §12, §14), one type in one notation, parsed here and nowhere else:
 * - `size`: no overflow at all, the summed sizes stay within c (Timeline's hard capacity);
 * - `gpa:ρ`: the Gaussian test at target ρ on one resource (Timeline; Pack's registry test `gpa`);
 * - `gpa:ε[:union|indep]`: across resources, each resource's pooled demand tested at ε_r, the target
 *   split by the union bound or independence (Cluster's pooled choice);
 * - `additive:ε[:union|indep]`: HARMONY's per-task containers μ + z·σ at the split target (Cluster's
 *   additive choice); `request`, `maxred`: deterministic sizes (requests; max-reduction);
 * - `additive:z` on one resource: the per-VM size μ + z·σ at z itself (Resize's stochastic bridge,
 *   SPEC §13; z may be negative or zero, a size below the mean, so it is not written as a target).
 * A wing states which of these it takes (`SloForm`); pooled vs additive and the split are parameters
 * of the one shape, not parsers of their own.
 */
import { decimalOrNull } from '../numberText.ts';
import { checkRange, numberRange } from '../ranges.ts';
import { RHO } from './entries/gpa.ts';
import { setting } from '../settings.ts';

export type EpsilonSplit = 'union' | 'indep';
export const EPSILON_SPLITS: readonly EpsilonSplit[] = ['union', 'indep'];

/** The overflow target ε across resources (SPEC §14). */
export const EPSILON = numberRange('ε', 'ε', { min: 0, minOpen: true, max: 1, maxOpen: true });

/** The stochastic bridge's z (SPEC §13): e = μ + z·σ; the page's box and `--z` share it. */
export const Z_SCORE = numberRange('z', 'z', { min: -10, max: 10, flag: 'z' });

export type Slo =
  | { readonly kind: 'size' }
  | { readonly kind: 'gpa'; readonly rho: number }
  | { readonly kind: 'gpa'; readonly eps: number; readonly split: EpsilonSplit }
  | { readonly kind: 'additive'; readonly eps: number; readonly split: EpsilonSplit }
  | { readonly kind: 'additive'; readonly z: number }
  | { readonly kind: 'request' }
  | { readonly kind: 'maxred' };

export type SloKind = Slo['kind'];

/** The SLOs of one resource (Timeline), of resizing VMs (Resize), split across resources (Cluster). */
export type OneResourceSlo = Extract<Slo, { readonly kind: 'size' } | { readonly rho: number }>;
export type ResizeSlo = Extract<Slo, { readonly z: number } | { readonly rho: number }>;
export type ResourcesSlo = Exclude<Slo, OneResourceSlo | ResizeSlo>;

/**
 * What a wing takes: its tests, whether a target is split across resources, and its messages
 * (`S`: the SLOs it can hold).
 */
export interface SloForm<S extends Slo = Slo> {
  /** The option's name in messages, e.g. "fit" or "--fit". */
  readonly name: string;
  readonly kinds: readonly S['kind'][];
  /** Several resources: targets are ε with an optional `:union|indep` (default union). */
  readonly resources: boolean;
  /** The notation a message offers, e.g. "size or gpa:ρ". */
  readonly notation: string;
}

/** Timeline (SPEC §12): hard capacity, or GPA at ρ on the one resource. */
export const TIMELINE_SLO: SloForm<OneResourceSlo> = {
  name: 'fit',
  kinds: ['size', 'gpa'],
  resources: false,
  notation: 'size or gpa:ρ',
};

/**
 * Resize (SPEC §13): the stochastic bridge's per-VM size μ + z·σ (`additive:z`, the page's z and
 * `--z`), or the GPA repack at ρ on the window's μ, σ (`gpa:ρ`, `--policy repack-gpa:K:ρ`).
 */
export const RESIZE_SLO: SloForm<ResizeSlo> = {
  name: 'z',
  kinds: ['additive', 'gpa'],
  resources: false,
  notation: 'additive:z or gpa:ρ',
};

/** Cluster (SPEC §14): pooled GPA or additive containers at a split ε, requests, max-reduction. */
export const CLUSTER_SLO: SloForm<ResourcesSlo> = {
  name: setting('fit', 'fit test'),
  kinds: ['gpa', 'additive', 'request', 'maxred'],
  resources: true,
  notation: 'gpa:ε[:union|indep], additive:ε[:union|indep], request or maxred',
};

/** The SLO of `text` in a wing's form; a bad one is refused naming the text and what was wrong. */
export function parseSlo<S extends Slo>(text: string, form: SloForm<S>): S {
  return parseAny(text, form) as S;
}

function parseAny(text: string, form: SloForm): Slo {
  const [name, ...args] = text.trim().split(':');
  function bad(): never {
    throw new RangeError(`invalid ${form.name} "${text}" (expected ${form.notation})`);
  }
  const kind = form.kinds.find((k) => k === name);
  if (!kind) bad();
  if (kind === 'size' || kind === 'request' || kind === 'maxred') {
    if (args.length) bad();
    return { kind };
  }
  const most = form.resources ? 2 : 1;
  if (args.length < 1 || args.length > most || args[0].trim() === '') bad();
  const target = decimalOrNull(args[0]) ?? bad();
  if (!form.resources && kind === 'additive') return { kind, z: checkRange(Z_SCORE, target) };
  if (!form.resources) {
    if (!(target > 0 && target < 1))
      throw new RangeError(`invalid ${form.name} "${text}": ${RHO.symbol} must be in (0, 1)`);
    return { kind: 'gpa', rho: target };
  }
  const split = (args[1] ?? 'union') as EpsilonSplit;
  if (!EPSILON_SPLITS.includes(split)) bad();
  const eps = checkRange(EPSILON, target);
  return kind === 'gpa' ? { kind, eps, split } : { kind, eps, split };
}

/** The notation of an SLO; a split target always carries its split (`gpa:0.01:union`). */
export function formatSlo(slo: Slo): string {
  if ('eps' in slo) return `${slo.kind}:${slo.eps}:${slo.split}`;
  if ('rho' in slo) return `${slo.kind}:${slo.rho}`;
  if ('z' in slo) return `${slo.kind}:${slo.z}`;
  return slo.kind;
}
