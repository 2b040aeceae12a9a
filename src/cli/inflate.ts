/** Whole-file gunzip for the command line, capped so a gzip bomb ends with a message. */
import { gunzipSync } from 'node:zlib';
import { DataError } from '../engine/index.ts';

/**
 * What a whole-file read may inflate a `.gz` to: 2 GiB, what Node reads of a plain file in one
 * call. A gzip bomb (kilobytes of zeros or newlines inflating to gigabytes) stops there.
 */
export const INFLATED_MAX_BYTES = 2 ** 31;

/** `raw` gunzipped, refused with a message once it inflates past `cap` bytes. */
export function gunzipCapped(raw: Uint8Array, file: string, cap = INFLATED_MAX_BYTES): Buffer {
  try {
    return gunzipSync(raw, { maxOutputLength: cap });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new DataError(
        file,
        null,
        `inflates past ${cap / 2 ** 20} MiB (${raw.length} bytes stored); not read`,
      );
    throw new DataError(file, null, `cannot decompress gzip: ${(e as Error).message}`);
  }
}
