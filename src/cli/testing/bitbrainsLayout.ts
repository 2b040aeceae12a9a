/**
 * Test helper: the bundled Bitbrains long CSV written back as the trace is published, one `;\t`
 * file per VM (`rnd/2013-7/N.csv`, header `Timestamp [ms];\tCPU cores;\t…`, CRLF lines) in a
 * `.tar.gz`. The long file keeps the first 7 columns as the original strings; the 4 disk and
 * network columns it dropped come back as 0.0. A plain ustar writer (written for this test, from
 * the POSIX ustar header layout), so the archive is made without the code under test.
 */
import { gzipSync } from 'node:zlib';
import { naiveCsv } from '../../ingest/testing.ts';

export const BITBRAINS_LONG = 'bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz';

const HEADER = [
  'Timestamp [ms]',
  'CPU cores',
  'CPU capacity provisioned [MHZ]',
  'CPU usage [MHZ]',
  'CPU usage [%]',
  'Memory capacity provisioned [KB]',
  'Memory usage [KB]',
  'Disk read throughput [KB/s]',
  'Disk write throughput [KB/s]',
  'Network received throughput [KB/s]',
  'Network transmitted throughput [KB/s]',
].join(';\t');

let rows: string[][] | null = null;

/** The long file's data rows, read naively once (832,073 rows: a few seconds each time). */
export function longRows(): readonly string[][] {
  rows ??= naiveCsv(BITBRAINS_LONG).slice(1);
  return rows;
}

/**
 * Each VM's file text, in VM order, from the long CSV's rows (`vm_id,timestamp_s,…`); with
 * `milliseconds`, the timestamps ×1000 (the header's unit); only the VMs `vms` names, if given.
 */
export function perVmFiles(
  folder = 'rnd/2013-7',
  milliseconds = false,
  vms?: readonly string[],
): { name: string; text: string }[] {
  const byVm = new Map<string, string[]>();
  for (const row of longRows()) {
    const [vm, time, ...rest] = row;
    if (vms && !vms.includes(vm)) continue;
    const stamp = milliseconds ? `${time}000` : time;
    const lines = byVm.get(vm) ?? [];
    if (lines.length === 0) byVm.set(vm, lines);
    lines.push([stamp, ...rest, '0.0', '0.0', '0.0', '0.0'].join(';\t'));
  }
  return [...byVm].map(([vm, lines]) => ({
    name: `${folder}/${vm}.csv`,
    text: [HEADER, ...lines].join('\r\n') + '\r\n',
  }));
}

/** A ustar archive of the files, gzipped; a file with `link` is a hard ('1') or symbolic ('2') link. */
export function tarGz(
  files: readonly { name: string; text: string; link?: { type: '1' | '2'; to: string } }[],
): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const f of files) {
    const data = enc.encode(f.text);
    const h = new Uint8Array(512);
    const put = (at: number, s: string) => h.set(enc.encode(s), at);
    const octal = (at: number, width: number, v: number) =>
      put(at, v.toString(8).padStart(width - 1, '0') + '\0');
    put(0, f.name);
    octal(100, 8, 0o644);
    octal(108, 8, 0);
    octal(116, 8, 0);
    octal(124, 12, data.length);
    octal(136, 12, 1373000000);
    put(148, '        ');
    put(156, f.link?.type ?? '0');
    if (f.link) put(157, f.link.to);
    put(257, 'ustar\0');
    put(263, '00');
    let sum = 0;
    for (const b of h) sum += b;
    put(148, sum.toString(8).padStart(6, '0') + '\0 ');
    parts.push(h, data, new Uint8Array((512 - (data.length % 512)) % 512));
  }
  parts.push(new Uint8Array(1024));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return gzipSync(out);
}
