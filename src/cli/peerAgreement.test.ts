import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PAPER_FITS,
  WorkloadStats,
  checkPacker,
  encodeNpy,
  formatFit,
  identityRows,
  parseFit,
  runPacking,
} from '../engine/index.ts';
import { peerJson } from './commands/pack/pack.ts';
import { main } from './main.ts';
import { readMatrix } from './io.ts';
import { SHARED, peerUnavailable, runPeer, type PeerConfig } from './testing/peer.ts';

const missing = peerUnavailable();
const dir = mkdtempSync(join(tmpdir(), 'slopack-peer-'));
const X = join(dir, 'X.npy');
const PLANETLAB = join(SHARED, 'data/planetlab-cloudsim/planetlab_20110303.csv');

const PLANETLAB_DAYS = join(SHARED, 'data/planetlab-cloudsim/planetlab_all_10_days.csv.gz');

/** GPA far in the tail, where P must keep its relative precision (down to ρ = 1e-300). */
const TINY_RHO_CONFIGS: PeerConfig[] = [
  '1e-14',
  '1e-16',
  '1e-18',
  '1e-20',
  '1e-50',
  '1e-300',
].flatMap((rho) =>
  ['ff', 'bf'].map((algo) => ({
    algo,
    fit: `gpa:${rho}`,
    capacity: 1,
    clairvoyance: 1,
    source: 'inst' as const,
    rebalance: 5,
  })),
);

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
  ...TINY_RHO_CONFIGS,
];

function agreementSuite(
  title: string,
  data: string,
  seed: number,
  X: string,
  configs: PeerConfig[],
) {
  describe(`agreement with the NumPy peer on ${title} (1000 tasks × 10,000 realizations)`, () => {
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
          data,
          '--scale',
          '0.25',
          '--tasks',
          '1000',
          '--realizations',
          '10000',
          '--seed',
          String(seed),
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
            [
              i,
              `${c.algo} ${c.fit} c=${c.capacity} κ=${c.clairvoyance} rb=${c.rebalance}`,
            ] as const,
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
}

agreementSuite('the PlanetLab day', PLANETLAB, 1, X, configs);
agreementSuite(
  'PlanetLab, all ten days',
  PLANETLAB_DAYS,
  7,
  join(dir, 'X-days.npy'),
  TINY_RHO_CONFIGS,
);

describe('agreement with the NumPy peer on two tasks, R = 2, far in the tail', () => {
  // Samples 0.3 ± d with d = 0.4/(8.6·√2): μ' = 0.6, σ' = 0.4/8.6, so P = 1 − Φ(8.6) ≈ 4.0e-18.
  const d = 0.4 / (8.6 * Math.SQRT2);
  const path = join(dir, 'two.npy');
  const two: PeerConfig[] = ['1e-17', '1e-18', '1e-19'].flatMap((rho) =>
    ['ff', 'bf'].map((algo) => ({
      algo,
      fit: `gpa:${rho}`,
      capacity: 1,
      clairvoyance: 1,
      source: 'inst' as const,
      rebalance: 0,
    })),
  );
  it.runIf(!missing)('FF and BF open as many machines as the peer (gpa:1e-18 → 2)', () => {
    writeFileSync(path, encodeNpy(Float32Array.from([0.3 - d, 0.3 + d, 0.3 - d, 0.3 + d]), [2, 2]));
    const theirs = runPeer(path, null, two) as Record<string, unknown>[];
    const stats = new WorkloadStats({ inst: readMatrix(path), avg: null });
    const rows = identityRows(2);
    two.forEach((c, i) => {
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
      expect(ours.m_abs, `${c.algo} ${c.fit}`).toBe(theirs[i].m_abs);
      expect(ours.machines, `${c.algo} ${c.fit}`).toEqual(theirs[i].machines);
    });
    expect(theirs.map((t) => t.m_abs)).toEqual([1, 1, 2, 2, 2, 2]);
  });
});
