/**
 * Each view's code, found by its name where it lives: `<view>/<View>View.tsx` (its folder) or
 * `<View>View.tsx` beside this file, exporting `<View>View` (`tradeoff` → `tradeoff/TradeoffView.tsx`,
 * `TradeoffView`). Its entry in the view registry (state/common/views/views.ts) says the rest, so no
 * list of views is kept here. Every view but Pack is loaded when first opened (Vite makes each
 * module of the pattern its own chunk): the first page carries only Pack (its plots, and Plot's
 * code, arrive a moment after its numbers).
 */
import { lazy, type ComponentType } from 'react';
import type { ViewId } from '../state/common/store/params.ts';
import { PackView } from './pack/PackView.tsx';

interface ViewComponent {
  readonly View: ComponentType;
  /** Loaded when first opened (the page shows "Loading the view…" while its code arrives). */
  readonly lazy: boolean;
}

type ViewModules = Readonly<Record<string, () => Promise<Record<string, unknown>>>>;

/** A view whose module `load` gives, exported as `name`, loaded when first opened. */
function lazyView<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ViewComponent {
  const View = lazy(() => load().then((m): { default: ComponentType } => ({ default: m[name] })));
  return { View, lazy: true };
}

/** The component's name and the places its module may be, relative to `modules`' base. */
function viewCodePlaces(view: string): { name: string; paths: readonly string[] } {
  const name = `${view[0]!.toUpperCase()}${view.slice(1)}View`;
  return { name, paths: [`./${view}/${name}.tsx`, `./${name}.tsx`] };
}

/** The code of `view` among `modules` (an `import.meta.glob`), or an error naming where it looked. */
export function viewCodeIn(modules: ViewModules, view: string): ViewComponent {
  const { name, paths } = viewCodePlaces(view);
  const path = paths.find((p) => p in modules);
  if (!path)
    throw new Error(`the view "${view}" has no code: expected src/ui/${paths[0]!.slice(2)}`);
  return lazyView(() => modules[path]!() as Promise<Record<string, ComponentType>>, name as string);
}

/** Every view module of the page but Pack's (on the first page) and the tests' own. */
const MODULES: ViewModules = import.meta.glob<Record<string, unknown>>([
  './*/*View.tsx',
  './*View.tsx',
  '!./pack/**',
  '!./testing/**',
]);

const codes = new Map<string, ViewComponent>([['pack', { View: PackView, lazy: false }]]);

/** The code of `view` (made once, so React keeps its lazy component). */
export function viewComponent(view: ViewId): ViewComponent {
  let code = codes.get(view);
  if (!code) codes.set(view, (code = viewCodeIn(MODULES, view)));
  return code;
}
