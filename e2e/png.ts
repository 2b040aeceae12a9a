/**
 * The exported PNGs read in the test's own process: their size from the header and the share of
 * inked pixels from the decoded image. Decoding here, not in the page, keeps the check off the
 * browser (a page-side decode is an unbounded wait on the page's image decoder).
 */
import { inflateSync } from 'node:zlib';

/** Width × height of a PNG, from its IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes per pixel of each 8-bit colour type: grey, RGB, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The PNG's rows, unfiltered (8 bits a channel, not interlaced: what a canvas writes). */
function decode(bytes: Buffer): { width: number; height: number; channels: number; rows: Buffer } {
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG: bad signature');
  const { width, height } = pngSize(bytes);
  const depth = bytes[24];
  const channels = CHANNELS[bytes[25]];
  if (depth !== 8 || channels === undefined || bytes[28] !== 0)
    throw new Error(`PNG of depth ${depth}, colour type ${bytes[25]}, interlace ${bytes[28]}`);
  const data: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? rows[out + x - channels] : 0;
      const up = y > 0 ? rows[out - stride + x] : 0;
      const upLeft = y > 0 && x >= channels ? rows[out - stride + x - channels] : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predicted === undefined) throw new Error(`PNG row ${y}: unknown filter ${filter}`);
      rows[out + x] = (line[x] + predicted) & 0xff;
    }
  }
  return { width, height, channels, rows };
}

/** Share of the PNG's pixels that are not (near) white; a transparent pixel counts as white. */
export function inkShare(bytes: Buffer): number {
  const { width, height, channels, rows } = decode(bytes);
  const colour = channels >= 3 ? 3 : 1;
  const alpha = channels === 4 || channels === 2 ? channels - 1 : -1;
  let ink = 0;
  for (let p = 0; p < width * height; p++) {
    const at = p * channels;
    if (alpha >= 0 && rows[at + alpha] === 0) continue;
    for (let c = 0; c < colour; c++)
      if (rows[at + c] < 230) {
        ink++;
        break;
      }
  }
  return ink / (width * height);
}
