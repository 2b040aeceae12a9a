/**
 * The limits every decompression shares (gzip files, archive members, `.npy.gz`, the link's
 * `#z=`): a ratio check that stops a bomb early, whatever cap on the output applies besides.
 *
 * Real traces inflate 2–8× (the bundled datasets: Azure 2×, PlanetLab 3×, Bitbrains 8×); gzip's
 * ceiling is about 1,030×, reached by runs of one byte (zeros, newlines, spaces). Past
 * `RATIO_FLOOR_BYTES` of output, more than `MAX_INFLATE_RATIO` bytes out per byte in is refused:
 * such a file holds almost nothing but repetition. Gunzipping it first (outside) reads it anyway.
 */

/** Output bytes per stored byte above which a decompression stops (past the floor). */
export const MAX_INFLATE_RATIO = 200;

/** Output below this is never refused by the ratio alone (small, very regular files are fine). */
export const RATIO_FLOOR_BYTES = 64 * 2 ** 20;

/** Why an inflation that has produced `inflated` bytes from `stored` must stop, or null. */
export function inflateProblem(inflated: number, stored: number, cap: number): string | null {
  if (inflated > cap)
    return `inflates past ${mib(cap)} (${stored.toLocaleString('en-US')} bytes stored); not read`;
  if (inflated > RATIO_FLOOR_BYTES && inflated > MAX_INFLATE_RATIO * Math.max(stored, 1))
    return `inflates more than ${MAX_INFLATE_RATIO}× (${mib(inflated)} from ${stored.toLocaleString('en-US')} bytes): almost nothing but repetition (a decompression bomb?); not read`;
  return null;
}

function mib(bytes: number): string {
  return `${Math.round((bytes / 2 ** 20) * 10) / 10} MiB`;
}
