/**
 * The labels a Prometheus history keeps in each task id (`key=value,…`, keys sorted, as the
 * Prometheus reader writes them), and the placement they give: the node each pod runs on, from the
 * series' `node` label (kept by the default query's `by (namespace, pod, node)`).
 */

/** The labels of a task id written by the Prometheus reader. */
export function idLabels(id: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of id.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return out;
}

/** Each pod's node from its `node` label; null when any pod lacks one (then no placement). */
export function labelPlacement(ids: readonly string[]): Map<string, string> | null {
  const out = new Map<string, string>();
  for (const id of ids) {
    const node = idLabels(id).node;
    if (!node) return null;
    out.set(id, node);
  }
  return out;
}
