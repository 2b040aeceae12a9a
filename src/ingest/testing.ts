/** Test helpers: the shared real data, and files on disk as streaming inputs. */
import { openAsBlob, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { blobInput, type InputFile } from './stream.ts';

export const SHARED_DATA = resolve(import.meta.dirname, '../../../shared/data');

export function dataPath(relative: string): string {
  return resolve(SHARED_DATA, relative);
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
