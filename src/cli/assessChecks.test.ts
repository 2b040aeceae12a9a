/**
 * `assess` says what `inspect` says of a query that sums the pod cgroup with its containers (no
 * `container!=""`): against a real Prometheus (Debian's) holding both, as cAdvisor exports them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './testing/run.ts';
import { HISTORY_START, startPrometheus, type RunningPrometheus } from './testing/prometheus.ts';

let prom: RunningPrometheus;

beforeAll(async () => {
  prom = await startPrometheus({ pods: 6, nodes: 2, nodeCores: 4, seconds: 7200, scrape: 60 });
}, 240_000);

afterAll(async () => {
  await prom?.stop();
});

const range = ['--start', String(HISTORY_START + 600), '--end', String(HISTORY_START + 7200)];

describe('assess checks the query as inspect does', () => {
  it('names the double count of a query without container!=""', async () => {
    const query = 'sum by (namespace, pod, node) (rate(container_cpu_usage_seconds_total[5m]))';
    const both = ['--prometheus', prom.url, ...range, '--query', query];
    const assessed = await inProcess('assess', ...both, '--json');
    expect(assessed.status, assessed.stderr).toBe(0);
    const notes = (JSON.parse(assessed.stdout) as { notes: string[] }).notes;
    expect(
      notes.some((n) => /^double count/.test(n)),
      notes.join('\n'),
    ).toBe(true);
    const inspected = await inProcess('inspect', ...both, '--json');
    expect(inspected.stdout + inspected.stderr).toMatch(/double count/);
    const fine = await inProcess('assess', '--prometheus', prom.url, ...range, '--json');
    expect(fine.status, fine.stderr).toBe(0);
    expect((JSON.parse(fine.stdout) as { notes: string[] }).notes.join('\n')).not.toMatch(
      /double count/,
    );
  }, 240_000);
});
