/**
 * The A/B and trade-off steps and the packings made ahead of a drag, loaded when first needed (a
 * side pinned, the Trade-off view opened, ρ first dragged), so that their code is not on the first
 * page. Each behaves as the step it loads.
 */
import type { PinnedStep } from '../../../pack/pinned.ts';
import type { PackSpeculation } from '../../../pack/speculate.ts';
import type { SweepStep } from '../../../tradeoff/sweep.ts';
import { pinnedSide } from '../../store/params.ts';
import type { StepContext } from './context.ts';

export function lazyPinnedStep(ctx: StepContext): PinnedStep {
  let step: Promise<PinnedStep> | null = null;
  const load = () => (step ??= import('../../../pack/pinned.ts').then((m) => m.pinnedStep(ctx)));
  return {
    // Never loaded and nothing pinned: nothing to pack and nothing to clear.
    async ensure(p, ds, pool) {
      if (step || pinnedSide(p)) await (await load()).ensure(p, ds, pool);
    },
    dispose: () => void step?.then((s) => s.dispose()),
  };
}

export function lazySweepStep(ctx: StepContext): SweepStep {
  let step: Promise<SweepStep> | null = null;
  let cancels = 0;
  const load = () => (step ??= import('../../../tradeoff/sweep.ts').then((m) => m.sweepStep(ctx)));
  return {
    async run() {
      const asked = cancels;
      const s = await load();
      // A Cancel made while the code loaded cancels this run too.
      if (asked === cancels) await s.run();
    },
    cancel() {
      cancels++;
      void step?.then((s) => s.cancel());
    },
  };
}

export function lazySpeculation(ctx: StepContext): PackSpeculation {
  let loaded: PackSpeculation | null = null;
  let loading: Promise<PackSpeculation> | null = null;
  /** Passes begun before the code arrived, and the end of the last of them. */
  let held = 0;
  let passesEnded: (() => void) | null = null;
  let stops = 0;
  const load = () =>
    (loading ??= import('../../../pack/speculate.ts').then((m) => {
      const s = m.packSpeculation(ctx);
      // Passes already running hold it as one, as the passes it sees begin hold it.
      if (held > 0) void s.holding('', () => new Promise<void>((r) => (passesEnded = r)));
      return (loaded = s);
    }));
  return {
    want(list) {
      const asked = stops;
      void load().then((s) => asked === stops && s.want(list));
    },
    async holding(needed, work) {
      if (loaded) return loaded.holding(needed, work);
      held++;
      try {
        await work();
      } finally {
        if (--held === 0) passesEnded?.();
      }
    },
    stop() {
      stops++;
      loaded?.stop();
    },
    dispose() {
      stops++;
      void loading?.then((s) => s.dispose());
    },
  };
}
