/**
 * Pack's exact q: the convolution of each machine's task histograms gives its overflow
 * probability without Monte Carlo noise, so q far below 1/|E| shows; computed in the worker pool when
 * the packing changes, marked as computing until it lands. One <div> of the headline's <dl>.
 */
import { DEFAULT_BIN } from '../../engine/index.ts';
import { useLatestValue, useOutcome } from '../../state/common/runs/keyedRuns.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { currentPacking, exactRuns } from '../../state/pack/extras.ts';
import { formatFixed } from '../../present/format.ts';

export function formatExactQ(q: number): string {
  if (q === 0) return '0';
  return formatFixed(q, 4);
}

export function ExactQ() {
  const key = useExplorer((s) => currentPacking(s)?.key ?? null);
  const outcome = useOutcome(exactRuns, key);
  const shown = useLatestValue(exactRuns);
  const cached = outcome?.status === 'ready' ? outcome.value : undefined;
  const value = cached ?? shown;
  const computing = cached === undefined;
  const error = outcome?.status === 'error' ? { message: outcome.error } : null;
  const failed = computing && error !== null;
  return (
    <div
      className="exact-cell"
      title={`P(machine total > c) from the convolution of its tasks' histograms of the evaluation columns (values rounded to bins of width w = ${DEFAULT_BIN}, B = ⌊c/w⌋ bins), averaged over machines; resolves q below 1/|E|. Off the w-grid the rounding biases it: the bracket is P(total ≥ B bins).`}
    >
      <dt>overflow, exact (convolution)</dt>
      <dd
        data-testid="exact-q"
        data-state={failed ? 'error' : computing ? 'computing' : 'ready'}
        className={computing ? 'stale' : undefined}
      >
        {failed ? `— (${error!.message})` : value !== undefined ? formatExactQ(value.q) : '…'}
        {computing && !failed && <small> computing…</small>}
      </dd>
      {!failed && value !== undefined ? (
        <dd data-testid="exact-q-bracket" className={`hint${computing ? ' stale' : ''}`}>
          w = {DEFAULT_BIN}; P(total ≥ B bins) = {formatExactQ(value.atLeast)}
        </dd>
      ) : (
        <dd className="hint">{'\u00a0'}</dd>
      )}
    </div>
  );
}
