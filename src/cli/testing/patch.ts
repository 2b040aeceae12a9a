/**
 * Test helpers: a Deployment-like manifest and a strategic-merge patch applied to it as
 * `kubectl patch` does for containers (merged by name, the rest kept), to check the YAML patches.
 */
interface Container {
  name: string;
  image?: string;
  resources: { requests: Record<string, string> };
}

export interface Manifest {
  kind: string;
  metadata: { name: string };
  spec: { template: { spec: { containers: Container[] } } };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A strategic-merge patch's own rule for containers: merged by name, the rest kept. */
export function mergeByName(target: unknown, patch: unknown): unknown {
  if (Array.isArray(target) && Array.isArray(patch)) {
    const out: unknown[] = [...target];
    for (const p of patch) {
      const k = out.findIndex((t) => isObject(t) && isObject(p) && t.name === p.name);
      if (k >= 0) out[k] = mergeByName(out[k], p);
      else out.push(p);
    }
    return out;
  }
  if (isObject(target) && isObject(patch)) {
    const out: Record<string, unknown> = { ...target };
    for (const [k, v] of Object.entries(patch))
      out[k] = k in target ? mergeByName(target[k], v) : v;
    return out;
  }
  return patch;
}
