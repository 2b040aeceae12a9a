import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PAPER_FITS,
  WorkloadStats,
  checkPacker,
  formatFit,
  identityRows,
  parseFit,
  runPacking,
} from '../engine/index.ts';
import { peerJson } from './commands/pack.ts';
import { main } from './main.ts';
import { readMatrix } from './io.ts';
import { SHARED, peerUnavailable, runPeer, type PeerConfig } from './testing/peer.ts';

const missing = peerUnavailable();
const dir = mkdtempSync(join(tmpdir(), 'slopack-peer-'));
const X = join(dir, 'X.npy');
const PLANETLAB = join(SHARED, 'data/planetlab-cloudsim/planetlab_20110303.csv');

const configs: PeerConfig[] = [
  ...PAPER_FITS.flatMap((fit) =>
    ['ff', 'bf'].map((algo) => ({
      algo,
      fit: formatFit(fit),
      capacity: 1,
      clairvoyance: 1,
      source: 'inst' as const,
      rebalance: 5,
    })),
  ),
  ...['gpa:0.01', 'cantelli:1.7', 'av:1.25', 'perc:95'].flatMap((fit) =>
    [0.5, 2].flatMap((capacity) =>
      [0, 5].map((rebalance) => ({
        algo: 'bf',
        fit,
        capacity,
        clairvoyance: 0.01,
        source: 'inst' as const,
        rebalance,
      })),
    ),
  ),
];

describe('agreement with the NumPy peer on the PlanetLab day (1000 tasks × 10,000 realizations)', () => {
  it('has python3 with numpy and scipy to run the peer', () => {
    expect(missing, `cannot compare with the peer: ${missing}`).toBeNull();
  });

  let peer: ReturnType<typeof runPeer> = [];
  let shared: WorkloadStats | undefined;
  beforeAll(async () => {
    if (missing) return;
    const code = await main(
      [
        'realize',
        '--data',
        PLANETLAB,
        '--scale',
        '0.25',
        '--tasks',
        '1000',
        '--realizations',
        '10000',
        '--seed',
        '1',
        '--out-inst',
        X,
      ],
      () => {},
    );
    expect(code).toBe(0);
    peer = runPeer(X, null, configs);
  });

  it
    .runIf(!missing)
    .each(
      configs.map(
        (c, i) =>
          [i, `${c.algo} ${c.fit} c=${c.capacity} κ=${c.clairvoyance} rb=${c.rebalance}`] as const,
      ),
    )('config %i: %s gives the same machines, tasks and q', (i) => {
    const c = configs[i];
    shared ??= new WorkloadStats({ inst: readMatrix(X), avg: null });
    const stats = shared;
    const rows = identityRows(stats.workload.inst.rows);
    const ours = peerJson(
      runPacking(stats, rows, {
        packer: checkPacker(c.algo),
        fit: parseFit(c.fit),
        capacity: c.capacity,
        clairvoyance: c.clairvoyance,
        source: c.source,
        rebalance: c.rebalance,
      }),
      rows,
    );
    const theirs = peer[i] as Record<string, unknown>;
    expect(ours.m_abs).toBe(theirs.m_abs);
    expect(ours.m_norm).toBe(theirs.m_norm);
    expect(ours.moves).toBe(theirs.moves);
    expect(ours.machines).toEqual(theirs.machines);
    expect(ours.q).toBe(theirs.q);
  });
});
