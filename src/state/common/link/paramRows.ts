/**
 * The URL codec's rows derived from a wing's declaration (paramSpec.ts): a flat wing's fields are
 * fields of `Params`, one row each; a nested wing's are one field of `Params` (`resize`,
 * `cluster`), one row with a key per parameter. Either way each key is written in the wing's view
 * or when it differs from its default (a key `onlyInView`: in the wing's view alone), and a bad
 * value falls back to its default with a notice.
 */
import { readSafely } from './codecs.ts';
import { defaultText, type ParamSpec, type ParamSpecs } from '../store/paramSpec.ts';
import type { Params } from '../store/params.ts';
import type { UrlField, WriteWhen } from './urlField.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type NestedField = 'resize' | 'cluster' | 'schedulers' | 'requests' | 'whatif';

function readSpec<T>(
  spec: ParamSpec<T>,
  q: URLSearchParams,
  notices: string[],
  named: (key: string) => string,
): T {
  const raw = q.get(spec.key);
  if (raw === null) return spec.default;
  const r = readSafely(spec.codec, raw);
  if ('value' in r) return r.value;
  notices.push(
    `Ignored ${named(spec.key)}=${JSON.stringify(raw)}: ${r.problem}; using ${defaultText(spec)}.`,
  );
  return spec.default;
}

/** One row over a nested wing's object, a key per parameter, written in `view` or when changed. */
export function nestedRow<F extends NestedField>(
  field: F,
  specs: ParamSpecs<Params[F]>,
  view: Params['view'],
): UrlField {
  const entries = Object.entries(specs) as [string, ParamSpec<unknown>][];
  return {
    keys: entries.map(([, s]) => s.key),
    field,
    write(p, q) {
      const values = p[field] as unknown as Record<string, unknown>;
      for (const [prop, spec] of entries) {
        const changed = !same(values[prop], spec.default);
        if (changed || (p.view === view && !spec.onlyChanged))
          q.set(spec.key, spec.codec.write(values[prop]));
      }
    },
    read(q, notices, named = (k) => k) {
      const out: Record<string, unknown> = {};
      for (const [prop, spec] of entries) out[prop] = readSpec(spec, q, notices, named);
      return out as unknown as Params[F];
    },
  };
}

/** One row per field of a flat wing, written always, in `when`'s view, or only when changed. */
export function flatRows<T extends Partial<Params>>(
  specs: ParamSpecs<T>,
  when: WriteWhen,
): UrlField[] {
  return (Object.keys(specs) as (keyof T & keyof Params)[]).map((field) => {
    const spec = specs[field] as unknown as ParamSpec<Params[typeof field]>;
    const whenSpec = spec.onlyChanged ? 'changed' : when;
    return {
      keys: [spec.key],
      field,
      navigates: spec.navigates,
      write(p, q) {
        const written = spec.onlyInView
          ? p.view === when && (!spec.onlyChanged || !same(p[field], spec.default))
          : whenSpec === 'always' ||
            !same(p[field], spec.default) ||
            (whenSpec !== 'changed' && p.view === whenSpec);
        if (written) q.set(spec.key, spec.codec.write(p[field]));
      },
      read: (q, notices, named = (k) => k) => readSpec(spec, q, notices, named),
    };
  });
}
