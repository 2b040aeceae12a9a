/**
 * "Step through this packing" for the Pack view: the current packing's decision trace, rebuilt in
 * the worker pool from the same rows and parameters and checked against the shown result. Its step
 * is the link's `step`, so a lesson's link (or a task's "why") opens it at that decision.
 */
import { forwardRef } from 'react';
import { useExplorer } from '../../state/common/store/store.ts';
import type { PackTraceState } from './usePackTrace.ts';
import { slackMeaning } from '../../engine/index.ts';
import { TraceStepper } from '../learn/TraceStepper.tsx';
import { setFromPlayback } from '../playback.ts';

function Stepper({ state }: { state: PackTraceState }) {
  const params = useExplorer((s) => s.params);
  if (state.status === 'error') return <p className="hint">{state.message}</p>;
  if (state.status === 'idle') return <p className="hint">Waiting for the packing…</p>;
  if (state.status !== 'ready')
    return (
      <p className="hint" role="status" data-testid="pack-steps-busy">
        <span className="spinner" aria-hidden="true" /> Rebuilding this packing’s decisions in a
        worker…
      </p>
    );
  return (
    <TraceStepper
      trace={state.trace}
      packer={params.packer}
      labels={state.labels}
      means={state.means}
      capacity={params.capacity}
      slackMeaning={slackMeaning(params.fit.kind)}
      step={params.step}
      onStep={(step, frame) => setFromPlayback({ step }, frame)}
      interval={250}
    />
  );
}

export const PackStepThrough = forwardRef<
  HTMLDetailsElement,
  { open: boolean; onOpen: (open: boolean) => void; state: PackTraceState }
>(function PackStepThrough({ open, onOpen, state }, ref) {
  return (
    <details
      ref={ref}
      className="pack-steps"
      data-testid="pack-steps"
      open={open}
      onToggle={(e) => onOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>Step through this packing: every decision, with each open machine’s slack</summary>
      {open && <Stepper state={state} />}
    </details>
  );
});
