/**
 * Keeps the last unit run's per-file durations (Vitest's cache, ms rounded) in
 * scripts/testDurations.json, so that a clean clone orders files as a warm checkout does
 * (scripts/testOrder.ts). Run after a full green `npm run test:unit`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DURATIONS } from './testOrder.ts';

const cacheRoot = join('node_modules', '.vite', 'vitest');
const caches = readdirSync(cacheRoot).map((d) => join(cacheRoot, d, 'results.json'));
if (caches.length !== 1)
  throw new Error(`expected one Vitest cache under ${cacheRoot}, found ${caches.length}`);
const { results } = JSON.parse(readFileSync(caches[0]!, 'utf8')) as {
  results: [string, { duration?: number }][];
};
const kept = results
  .filter(([key, r]) => r.duration !== undefined && !key.startsWith(':'))
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([key, r]) => [key, Math.round(r.duration!)]);
writeFileSync(DURATIONS, JSON.stringify(Object.fromEntries(kept), null, 2) + '\n');
console.log(`${kept.length} file durations written to scripts/testDurations.json`);
