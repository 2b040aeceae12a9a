/**
 * Runs the NumPy peer (../shared/peers/sbp_reference.py) on many configurations in one Python process.
 * The peer is imported from where it lives, never copied.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CAPACITY_TOLERANCE } from '../../engine/capacity.ts';

export const SHARED = resolve(import.meta.dirname, '../../../../shared');
const PEER = resolve(SHARED, 'peers/sbp_reference.py');

/** Why the peer cannot run here, or null when python3 with numpy and scipy is available. */
export function peerUnavailable(): string | null {
  if (!existsSync(PEER)) return `the peer is missing at ${PEER}`;
  const r = spawnSync('python3', ['-c', 'import numpy, scipy'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.error) return `python3 is not installed (${r.error.message})`;
  if (r.status !== 0) return `python3 lacks numpy or scipy: ${r.stderr.trim()}`;
  return null;
}

export interface PeerConfig {
  algo: string;
  fit: string;
  capacity: number;
  clairvoyance: number;
  source: 'inst' | 'avg';
  rebalance: number;
}

const DRIVER = `
import importlib.util, json, sys
import numpy as np
spec = importlib.util.spec_from_file_location("peer", sys.argv[1])
peer = importlib.util.module_from_spec(spec); spec.loader.exec_module(peer)
X = np.load(sys.argv[2]); Y = np.load(sys.argv[3]) if sys.argv[3] else None
# The peer compares with c itself; the engine with capacityLimit(c) = c + tolerance·|c| (capacity.ts):
# its overflow count and its deterministic slack get the same limit here.
tolerance = float(sys.argv[4])
limit = lambda c: c + tolerance * abs(c)
count_over = peer.evaluate
peer.evaluate = lambda X, machines, c, cols: count_over(X, machines, limit(c), cols)
peer_slack = peer.Bins.slack
def slack(self, load, var, size, svar):
    if self.kind == "gpa":
        return peer_slack(self, load, var, size, svar)
    return limit(self.c) - (load + size)
peer.Bins.slack = slack
for line in sys.stdin:
    c = json.loads(line)
    print(json.dumps(peer.run(X, Y, c["algo"], c["fit"], c["capacity"], c["clairvoyance"], c["source"], c["rebalance"])))
`;

export function runPeer(inst: string, avg: string | null, configs: PeerConfig[]): unknown[] {
  const out = execFileSync(
    'python3',
    ['-c', DRIVER, PEER, inst, avg ?? '', String(CAPACITY_TOLERANCE)],
    {
      input: configs.map((c) => JSON.stringify(c)).join('\n') + '\n',
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      timeout: 600_000,
    },
  );
  return out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}
