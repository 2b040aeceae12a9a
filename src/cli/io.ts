/** File access for the command line: `.npy` matrices and sample files, gzip-aware. */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  DataError,
  encodeNpy,
  matrixFrom,
  parseNpy,
  type RealizationMatrix,
} from '../engine/index.ts';

export function readBytes(path: string): Uint8Array {
  try {
    const raw = readFileSync(path);
    if (path.endsWith('.gz')) {
      try {
        return gunzipSync(raw);
      } catch (e) {
        throw new DataError(
          basename(path),
          null,
          `cannot decompress gzip: ${(e as Error).message}`,
        );
      }
    }
    return raw;
  } catch (e) {
    if (e instanceof DataError) throw e;
    throw new DataError(
      path,
      null,
      (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message,
    );
  }
}

export function readText(path: string): string {
  return new TextDecoder().decode(readBytes(path));
}

/** A float32 (N, R) matrix exactly as stored; other dtypes are converted to float32. */
export function readMatrix(path: string): RealizationMatrix {
  const a = parseNpy(readBytes(path), basename(path));
  if (a.shape.length !== 2)
    throw new DataError(
      basename(path),
      null,
      `expected a 2-D (N, R) array, got shape (${a.shape.join(', ')})`,
    );
  const data = a.data instanceof Float32Array ? a.data : Float32Array.from(a.data);
  return matrixFrom(a.shape[0], a.shape[1], data);
}

export function writeMatrix(path: string, m: RealizationMatrix): void {
  writeFileSync(path, encodeNpy(new Float32Array(m.data), [m.rows, m.cols]));
}
