/**
 * An upload whose gzip inflates far past what its first rows promised stops where its samples
 * would pass the page's memory budget: the notice names the file and the limit, and the data
 * loaded before stays, as after any refused upload.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { LoadRequest } from '../../../../ingest/load.ts';
import { dataPath } from '../../../../ingest/testing.ts';
import { readOnceSetup } from './readOnceHarness.ts';

const CPU = readFileSync(dataPath('google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv'));
const WIDE = { format: 'auto', unit: 'percent', scale: 0.25 } as LoadRequest;

/** The CPU file's rows again under new ids, `bytes` of them (gzip packs them ~ 80×). */
function moreRows(bytes: number): Buffer {
  const second = CPU.indexOf(10) + 1;
  const row = CPU.toString('latin1', second, CPU.indexOf(10, second) + 1);
  const rest = row.slice(row.indexOf(','));
  const parts: string[] = [];
  for (let i = 0, n = 0; n < bytes; i++) {
    parts.push(`copy${i}${rest}`);
    n += parts[i].length;
  }
  return Buffer.from(parts.join(''), 'latin1');
}

describe('an upload is read within the memory budget', () => {
  it('a gzip swelling past its estimate: a notice naming the file, the data before kept', async () => {
    const { step, s } = readOnceSetup();
    const rows = CPU.subarray(0, CPU.lastIndexOf(10, 200_000) + 1);
    const first = new File([rows as Uint8Array<ArrayBuffer>], 'first.csv');
    await step.upload([first], WIDE);
    expect(
      s().data.status,
      s()
        .notices.map((n) => n.text)
        .join(),
    ).toBe('ready');
    const before = s().data.dataset!;
    // At R = 200,000 the pool of the CPU file's 1,600 tasks takes most of the 1.5 GiB budget.
    s().setParams({ realizations: 200_000 });
    const swollen = gzipSync(Buffer.concat([CPU, moreRows(12 << 20)]));
    const bomb = new File([swollen as Uint8Array<ArrayBuffer>], 'swollen.csv.gz');
    await step.upload([bomb], WIDE).catch(() => {});
    const notice = s().notices.find((n) => n.kind === 'error');
    expect(notice?.text).toMatch(
      /^Could not load swollen\.csv\.gz: inflates past [\d.]+ MiB .*the memory budget of 1\.5 GiB/,
    );
    expect(s().data.status).toBe('ready');
    expect(s().data.dataset).toBe(before);
    expect(s().params.upload?.names).toEqual(['first.csv']);
  });
});
