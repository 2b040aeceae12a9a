/** Test helpers: the shared real data, and files on disk as streaming inputs. */
import { openAsBlob, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseWideCsv, type TaskSamples } from '../engine/index.ts';
import { blobInput, type InputFile } from './stream.ts';

export const SHARED_DATA = resolve(import.meta.dirname, '../../../shared/data');

export function dataPath(relative: string): string {
  return resolve(SHARED_DATA, relative);
}

/** The PlanetLab day 2011-03-03 (1,052 VMs, integer percents) at scale 0.25, as the page loads it. */
export function planetlabDay(): TaskSamples {
  return parseWideCsv(
    readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv')),
    'planetlab_20110303.csv',
    { scale: 0.25, percent: true },
  );
}

/** A shared data file as a streaming input (read by the code under test). */
export async function dataInput(relative: string, role?: string): Promise<InputFile> {
  return blobInput(await openAsBlob(dataPath(relative)), basename(relative), role);
}

/**
 * A deliberately naive reading of a CSV (whole text, split, Number) to check the loaders against:
 * an independent implementation, not the code under test.
 */
export function naiveCsv(relative: string): string[][] {
  const raw = readFileSync(dataPath(relative));
  const text = (relative.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.replace(/\r$/, '').split(','));
}
