/**
 * Each view's code, by name (its entry in the view registry, state/common/views/views.ts, says the rest).
 * Every view but Pack is loaded when first opened: the first page carries only Pack (its plots, and
 * Plot's code, arrive a moment after its numbers).
 */
import { lazy, type ComponentType } from 'react';
import type { ViewId } from '../state/common/store/params.ts';
import { PackView } from './pack/PackView.tsx';

interface ViewComponent {
  readonly View: ComponentType;
  /** Loaded when first opened (the page shows "Loading the view…" while its code arrives). */
  readonly lazy: boolean;
}

/** A view whose module `load` gives, exported as `name`, loaded when first opened. */
export function lazyView<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ViewComponent {
  const View = lazy(() => load().then((m): { default: ComponentType } => ({ default: m[name] })));
  return { View, lazy: true };
}

export const VIEW_COMPONENTS: { readonly [V in ViewId]: ViewComponent } = {
  pack: { View: PackView, lazy: false },
  tradeoff: lazyView(() => import('./tradeoff/TradeoffView.tsx'), 'TradeoffView'),
  data: lazyView(() => import('./DataView.tsx'), 'DataView'),
  learn: lazyView(() => import('./learn/LearnView.tsx'), 'LearnView'),
  tune: lazyView(() => import('./tune/TuneView.tsx'), 'TuneView'),
  paper: lazyView(() => import('./paper/PaperView.tsx'), 'PaperView'),
  timeline: lazyView(() => import('./timeline/TimelineView.tsx'), 'TimelineView'),
  resize: lazyView(() => import('./resize/ResizeView.tsx'), 'ResizeView'),
  cluster: lazyView(() => import('./cluster/ClusterView.tsx'), 'ClusterView'),
  schedulers: lazyView(() => import('./schedulers/SchedulersView.tsx'), 'SchedulersView'),
  model: lazyView(() => import('./ModelView.tsx'), 'ModelView'),
};
