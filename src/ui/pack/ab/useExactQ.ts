/**
 * Exact q of one side of an A/B comparison (the convolution of each machine's task histograms),
 * computed by Pack's wing runs (state/pack/extras.ts); null while it computes.
 */
import { useOutcome } from '../../../state/common/runs/keyedRuns.ts';
import { abExactRuns } from '../../../state/pack/extras.ts';

export function useExactQ(key: string | null): number | null {
  const outcome = useOutcome(abExactRuns, key);
  return outcome?.status === 'ready' ? outcome.value : null;
}
