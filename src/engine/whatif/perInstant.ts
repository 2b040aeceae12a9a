/**
 * A per-node figure a scheduler reads at every arrival, kept for the instant until a bind or unbind
 * on the node moves it: the arrivals of one instant read the same reports, so the nodes no decision
 * touched are not computed again. The figure must depend only on the node's reports before the
 * instant and on its bound pods (what `NodeFacts.version` counts), not on the arriving pod.
 */
import type { ClusterView } from './model.ts';

export function keptPerInstant(
  compute: (view: ClusterView, n: number) => number,
): (view: ClusterView, n: number) => number {
  let keptView: ClusterView | null = null;
  let keptAt = -1;
  let kept = new Float64Array(0);
  let keptVersion = new Float64Array(0);
  return (view, n) => {
    if (view !== keptView || view.t !== keptAt || kept.length < view.nodeCount) {
      if (kept.length < view.nodeCount) {
        kept = new Float64Array(2 * view.nodeCount);
        keptVersion = new Float64Array(2 * view.nodeCount);
      }
      keptVersion.fill(-1);
      keptView = view;
      keptAt = view.t;
    }
    const version = view.node(n).version;
    if (keptVersion[n] !== version) {
      kept[n] = compute(view, n);
      keptVersion[n] = version;
    }
    return kept[n];
  };
}
