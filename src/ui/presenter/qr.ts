/**
 * A QR code (ISO/IEC 18004, Model 2) of a link, for a phone in the room to open the presenter's
 * current step: byte mode, error correction level M (15 % of the code may be covered or blurred),
 * the smallest of versions 1–40 that holds the text, and the mask of lowest penalty (the standard's
 * four rules). Written for this page (a few hundred lines, loaded with the presenter only); its
 * matrices are checked in qr.test.ts against codes made by an independent encoder.
 */

/** Error-correction codewords per block and blocks, level M, by version (index 0 unused). */
const EC_PER_BLOCK = [
  0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS = [
  0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
  26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];
/** Level M's two format bits (L 01, M 00, Q 11, H 10). */
const LEVEL_M_BITS = 0;

/** A QR code: `size` × `size` modules, `dark[y][x]`, with the version and mask chosen. */
export interface QrCode {
  readonly version: number;
  readonly mask: number;
  readonly size: number;
  readonly dark: readonly (readonly boolean[])[];
}

/** Modules that carry data in a code of this version (all but the function patterns). */
function rawDataModules(version: number): number {
  let n = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (version >= 7) n -= 36;
  }
  return n;
}

function dataCodewords(version: number): number {
  return Math.floor(rawDataModules(version) / 8) - EC_PER_BLOCK[version] * BLOCKS[version];
}

/** The centres of the alignment patterns along each axis. */
export function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const centres = [6];
  for (let at = version * 4 + 10; centres.length < count; at -= step) centres.splice(1, 0, at);
  return centres;
}

// GF(256) with the primitive polynomial x⁸ + x⁴ + x³ + x² + 1.
function gfMultiply(a: number, b: number): number {
  let product = 0;
  for (let bit = 7; bit >= 0; bit--) {
    product = (product << 1) ^ ((product >>> 7) * 0x11d);
    if ((b >>> bit) & 1) product ^= a;
  }
  return product & 0xff;
}

/** The Reed–Solomon generator of `degree` (roots α⁰ … α^(degree−1)), highest term dropped. */
function generator(degree: number): number[] {
  const coefficients = new Array<number>(degree).fill(0);
  coefficients[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      coefficients[j] = gfMultiply(coefficients[j], root);
      if (j + 1 < degree) coefficients[j] ^= coefficients[j + 1];
    }
    root = gfMultiply(root, 2);
  }
  return coefficients;
}

/** The error-correction codewords of `data` (the remainder of its division by the generator). */
export function reedSolomon(data: readonly number[], degree: number): number[] {
  const g = generator(degree);
  const remainder = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (remainder.shift() as number);
    remainder.push(0);
    for (let i = 0; i < degree; i++) remainder[i] ^= gfMultiply(g[i], factor);
  }
  return remainder;
}

/** The data codewords of `bytes` in byte mode, padded to the version's capacity. */
function dataStream(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  const capacity = dataCodewords(version) * 8;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  const words: number[] = [];
  for (let i = 0; i < bits.length; i += 8)
    words.push(bits.slice(i, i + 8).reduce((w, b) => (w << 1) | b, 0));
  for (let pad = 0xec; words.length < capacity / 8; pad ^= 0xec ^ 0x11) words.push(pad);
  return words;
}

/** Data and error-correction codewords, split into blocks and interleaved as the code stores them. */
function interleaved(data: readonly number[], version: number): number[] {
  const blockCount = BLOCKS[version];
  const ecLength = EC_PER_BLOCK[version];
  const raw = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blockCount - (raw % blockCount);
  const shortData = Math.floor(raw / blockCount) - ecLength;
  const blocks: number[][] = [];
  const ecs: number[][] = [];
  for (let i = 0, at = 0; i < blockCount; i++) {
    const length = shortData + (i < shortBlocks ? 0 : 1);
    const block = data.slice(at, at + length);
    at += length;
    blocks.push(block);
    ecs.push(reedSolomon(block, ecLength));
  }
  const out: number[] = [];
  for (let i = 0; i <= shortData; i++) for (const b of blocks) if (i < b.length) out.push(b[i]);
  for (let i = 0; i < ecLength; i++) for (const e of ecs) out.push(e[i]);
  return out;
}

/** The 15 format bits (level, mask, BCH(15,5) check, XOR mask) for `mask`. */
export function formatBits(mask: number): number {
  const data = (LEVEL_M_BITS << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** The 18 version bits (version, Golay(18,6) check) of a version from 7 on. */
export function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

const MASKS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** A grid of modules and which of them belong to function patterns (never masked). */
class Grid {
  readonly dark: boolean[][];
  readonly fixed: boolean[][];
  constructor(readonly size: number) {
    this.dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }
  set(x: number, y: number, dark: boolean) {
    this.dark[y][x] = dark;
    this.fixed[y][x] = true;
  }
}

/** Finders, separators, timing, alignment, the dark module and room for format and version. */
function drawFunctionPatterns(grid: Grid, version: number) {
  const { size } = grid;
  for (let i = 0; i < size; i++) {
    grid.set(6, i, i % 2 === 0);
    grid.set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ])
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) grid.set(x, y, ring !== 2 && ring !== 4);
      }
  const centres = alignmentCentres(version);
  const last = centres.length - 1;
  centres.forEach((cy, i) =>
    centres.forEach((cx, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          grid.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );
  drawFormat(grid, 0);
  if (version >= 7) {
    const bits = versionBits(version);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      grid.set(a, b, dark);
      grid.set(b, a, dark);
    }
  }
}

/** The format bits, twice: around the top-left finder, and split by the other two. */
function drawFormat(grid: Grid, mask: number) {
  const { size } = grid;
  const bits = formatBits(mask);
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) grid.set(8, i, bit(i));
  grid.set(8, 7, bit(6));
  grid.set(8, 8, bit(7));
  grid.set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) grid.set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) grid.set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) grid.set(8, size - 15 + i, bit(i));
  grid.set(8, size - 8, true);
}

/** The codewords' bits along the standard's two-column zigzag, right to left, skipping column 6. */
function drawCodewords(grid: Grid, codewords: readonly number[]) {
  const { size } = grid;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = upward ? size - 1 - step : step;
        if (grid.fixed[y][x] || i >= codewords.length * 8) continue;
        grid.dark[y][x] = ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
  }
}

function applyMask(grid: Grid, mask: number) {
  for (let y = 0; y < grid.size; y++)
    for (let x = 0; x < grid.size; x++)
      if (!grid.fixed[y][x] && MASKS[mask](x, y)) grid.dark[y][x] = !grid.dark[y][x];
}

const FINDER_LIKE = ['10111010000', '00001011101'];

/** The standard's penalty of a finished code: runs, 2 × 2 blocks, finder-like rows, imbalance. */
export function penalty(dark: readonly (readonly boolean[])[]): number {
  const size = dark.length;
  let score = 0;
  const lines: string[] = [];
  for (let y = 0; y < size; y++) lines.push(dark[y].map((d) => (d ? '1' : '0')).join(''));
  for (let x = 0; x < size; x++) lines.push(dark.map((row) => (row[x] ? '1' : '0')).join(''));
  for (const line of lines) {
    for (const run of line.match(/0+|1+/g) ?? []) if (run.length >= 5) score += run.length - 2;
    for (const pattern of FINDER_LIKE)
      for (let at = line.indexOf(pattern); at >= 0; at = line.indexOf(pattern, at + 1)) score += 40;
  }
  let darkCount = 0;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (dark[y][x]) darkCount++;
      if (
        x + 1 < size &&
        y + 1 < size &&
        dark[y][x] === dark[y][x + 1] &&
        dark[y][x] === dark[y + 1][x] &&
        dark[y][x] === dark[y + 1][x + 1]
      )
        score += 3;
    }
  const total = size * size;
  score += (Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1) * 10;
  return score;
}

/** The smallest version whose level-M capacity holds `length` bytes, or null past version 40. */
function versionFor(length: number): number | null {
  for (let v = 1; v <= 40; v++)
    if (4 + (v < 10 ? 8 : 16) + 8 * length <= dataCodewords(v) * 8) return v;
  return null;
}

/**
 * The QR code of `text` (UTF-8), with the given mask or the one of lowest penalty; null when the
 * text is longer than a version-40 code holds (2,331 bytes at level M).
 */
export function qrCode(text: string, mask?: number): QrCode | null {
  const bytes = new TextEncoder().encode(text);
  const version = versionFor(bytes.length);
  if (version === null) return null;
  const codewords = interleaved(dataStream(bytes, version), version);
  const build = (m: number) => {
    const grid = new Grid(version * 4 + 17);
    drawFunctionPatterns(grid, version);
    drawCodewords(grid, codewords);
    applyMask(grid, m);
    drawFormat(grid, m);
    return grid;
  };
  let best = mask ?? 0;
  if (mask === undefined) {
    let lowest = Infinity;
    for (let m = 0; m < 8; m++) {
      const p = penalty(build(m).dark);
      if (p < lowest) [lowest, best] = [p, m];
    }
  }
  const grid = build(best);
  return { version, mask: best, size: grid.size, dark: grid.dark };
}
