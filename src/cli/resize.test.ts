import { describe, expect, it } from 'vitest';
import { main } from './main.ts';
import { inProcess } from './testing/run.ts';

const KEYS = [
  'machine_hours',
  'mean_active',
  'peak_active',
  'movements',
  'migrations',
  'migrations_per_item_step',
  'hot_spot_steps',
  'active_steps',
  'hot_spot_frequency',
  'cold_spot_steps',
];

describe('npm run cli -- resize', () => {
  it('prints the named keys for VISBP and repack on the PlanetLab day', async () => {
    const results: Record<string, number>[] = [];
    for (const policy of ['visbp', 'repack:1']) {
      const lines: string[] = [];
      const code = await main(
        [
          'resize',
          '--vms',
          'planetlab-day',
          '--max-vms',
          '150',
          '--policy',
          policy,
          '--predictor',
          'fusd',
          '--up-alpha',
          '-0.2',
          '--json',
        ],
        (s) => lines.push(s),
      );
      expect(code).toBe(0);
      const r = JSON.parse(lines.join('')) as Record<string, number>;
      for (const k of KEYS) expect(Number.isFinite(r[k]), k).toBe(true);
      expect(r.vm_count).toBe(150);
      expect(r.steps).toBe(288);
      results.push(r);
    }
    expect(results[1].migrations).toBeGreaterThan(results[0].migrations);
  });

  it('answers bad arguments with one line and exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [['--vms', 'planetlab-day', '--policy', 'repack:0'], /invalid --policy "repack:0"/],
      [['--vms', 'planetlab-day', '--up-alpha', '2'], /invalid up-alpha: 2/],
      [['--vms', 'nowhere'], /unknown --vms "nowhere"/],
      [['--vms', 'planetlab-day', '--predictor', 'last', '--z', '1'], /--z applies to/],
      [['--vms', 'planetlab-day', '--window', '0'], /invalid window: 0/],
      [['--vms', 'planetlab-day', '--policy', 'repack-gpa:6:1.5'], /invalid --policy/],
      [
        ['--vms', 'planetlab-day', '--max-vms', '20', '--policy', 'repack-gpa:6:0.01'],
        /needs --predictor stochastic/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await inProcess('resize', ...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });
});
