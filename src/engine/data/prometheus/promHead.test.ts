// A large Prometheus answer previewed from its first bytes: cut after its last whole series.
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../ingest/traceFixtures.ts';
import { preview } from '../load/preview.ts';
import { wholeSeriesHead } from './promHead.ts';

const text = new TextDecoder().decode(fixture('prometheus/query_range.json'));
const answer = JSON.parse(text) as {
  data: { result: { metric: Record<string, string>; values: [number, string][] }[] };
};
const series = answer.data.result;
// The fixture's series again and again, renamed (with quotes and a brace in a label, as strings).
const big = {
  ...answer,
  data: {
    ...answer.data,
    result: Array.from({ length: 40 }, (_, k) => ({
      ...series[k % series.length],
      metric: { ...series[k % series.length].metric, pod: `p${k}`, note: 'a "}" in a label' },
    })),
  },
};
const bytes = new TextEncoder().encode(JSON.stringify(big));

describe('a Prometheus answer read in part', () => {
  it('is cut after the last series that ends in the bytes read, whatever the cut', () => {
    for (const at of [0.2, 0.37, 0.5, 0.81, 0.99].map((f) => Math.floor(f * bytes.length))) {
      const head = wholeSeriesHead(bytes.subarray(0, at))!;
      const got = JSON.parse(new TextDecoder().decode(head)) as typeof big;
      const n = got.data.result.length;
      expect(n).toBeGreaterThan(0);
      expect(got.data.result).toEqual(big.data.result.slice(0, n));
      // The next series did not end within the bytes read.
      const next = JSON.stringify(big.data.result[n]);
      expect(new TextDecoder().decode(bytes.subarray(0, at)).includes(next)).toBe(false);
    }
  });

  it('a whole answer is itself; a head with no whole series is null', () => {
    expect(wholeSeriesHead(bytes)).toBe(bytes);
    expect(wholeSeriesHead(bytes.subarray(0, 80))).toBeNull();
  });

  it('the preview shows the first series and says it read only the start', () => {
    const cut = Math.floor(bytes.length / 2);
    const p = preview([{ name: 'big.json', head: bytes.subarray(0, cut), truncated: true }], {
      coresPerMachine: 8,
    });
    expect(p.error).toBeNull();
    expect(p.rows[0].id).toMatch(/p0/);
    expect(p.warnings[0]).toMatch(
      /^big\.json: previewed from the series in the first 0\.\d MiB; the whole answer is read/,
    );
    const none = preview([{ name: 'big.json', head: bytes.subarray(0, 80), truncated: true }]);
    expect(none.error).toMatch(/big\.json: no whole series in its first 0\.0 MiB/);
  });
});
