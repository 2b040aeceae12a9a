/** Synthetic Google 2011 shards for the reduce tests (DuckDB, Dask and the in-process loader). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { googleEventRow, googleUsageRow } from '../../engine/testing.ts';

/** Synthetic shards in the real format (gzipped, no header) that exercise every filter. */
export function syntheticShards(dir: string): { usage: string[]; events: string[] } {
  const row = (
    start: number,
    job: number,
    idx: number,
    avg: number | string,
    inst: number | string,
  ) => googleUsageRow(start, job, idx, avg, inst, 77);
  const shards: string[][] = [[], []];
  for (let job = 0; job < 30; job++)
    for (let idx = 0; idx < 4; idx++) {
      const n = 10 + ((job * 7 + idx * 5) % 30); // 10..39 records: some below 24
      for (let k = 0; k < n; k++) {
        const zero = job % 9 === 0;
        const inst = zero ? 0 : ((job * 13 + idx * 31 + k * 17) % 97) / 1000;
        const avg = k === 3 && job % 4 === 0 ? 1.25 : ((job + idx + k) % 50) / 1000; // avg > 1 sometimes
        const shard = k < n / 2 ? 0 : 1;
        const start = 600e6 + k * 300e6;
        shards[shard].push(row(start, 6_000_000_000 + job, idx, avg, inst));
        if (k === 5 && idx === 1)
          shards[shard].push(row(start, 6_000_000_000 + job, idx, avg, inst / 2)); // a tie in start time
      }
    }
  shards[1].push(row(9e9, 6_000_000_001, 0, '', 0.2)); // empty CPU rate
  // shard 1 holds later windows first, as a reader may meet them
  shards[1].reverse();
  const usage = shards.map((lines, i) => {
    const f = join(dir, `part-0000${i}-of-00500.csv.gz`);
    writeFileSync(f, gzipSync(lines.join('\n') + '\n'));
    return f;
  });
  const ev = (time: number, job: number, idx: number, type: number, cpu: number | string) =>
    googleEventRow(time, 6_000_000_000 + job, idx, type, cpu, cpu === '' ? '' : 0.01, 5, 'u');
  const eventLines = [];
  for (let job = 0; job < 30; job++)
    for (let idx = 0; idx < 4; idx++) {
      eventLines.push(ev(0, job, idx, 0, ((job + idx) % 10) / 100));
      if ((job + idx) % 11 === 0) eventLines.push(ev(1000, job, idx, [2, 3, 5, 6][job % 4], ''));
      if (job % 5 === 0) eventLines.push(ev(2000, job, idx, 8, 0.33)); // UPDATE_RUNNING: a new request
    }
  const events = join(dir, 'task_events-part-00000-of-00500.csv.gz');
  writeFileSync(events, gzipSync(eventLines.join('\n') + '\n'));
  return { usage, events: [events] };
}
