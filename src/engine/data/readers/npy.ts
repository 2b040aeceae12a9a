/**
 * NumPy `.npy` files (format versions 1–3): C-order 1-D or 2-D arrays of float32, float64, uint16,
 * uint8, int32 or int16, little-endian. Reading returns float32 rows as stored (no conversion) so a
 * matrix computes on exactly the file's values.
 */
import { DataError } from '../streams/errors.ts';

export type NpyDtype = '<f4' | '<f8' | '<u2' | '|u1' | '<i4' | '<i2';

export interface NpyArray {
  readonly dtype: NpyDtype;
  readonly shape: readonly number[];
  readonly data: Float32Array | Float64Array | Uint16Array | Uint8Array | Int32Array | Int16Array;
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];

/** A whole `.npy` in memory (SPEC §10); `NpyReader` reads one chunk by chunk. */
export function parseNpy(bytes: Uint8Array, file = 'array.npy'): NpyArray {
  const header = parseNpyHeader(bytes, file);
  if (header === null) throw new DataError(file, null, 'truncated .npy header');
  const { dtype, shape, offset, byteLength } = header;
  const found = bytes.length - offset;
  if (found !== byteLength) throw new DataError(file, null, lengthProblem(header, found));
  const body = new ArrayBuffer(byteLength);
  new Uint8Array(body).set(bytes.subarray(offset, offset + byteLength));
  return { dtype, shape, data: typedArray(dtype, body) };
}

/**
 * Why the data after a header are not what it declares: fewer bytes (a cut file), or more (a
 * header that undercounts the rows; its shape is not trusted over the file's length).
 */
export function lengthProblem(header: NpyHeader, found: number): string {
  const shape = `(${header.shape.join(', ')})`;
  return found < header.byteLength
    ? `truncated data: expected ${header.byteLength} bytes after the header, found ${found} (the header's shape ${shape})`
    : `the header's shape ${shape} needs ${header.byteLength} bytes after the header, but the file holds ${found}: the header does not describe this file`;
}

export interface NpyHeader {
  readonly dtype: NpyDtype;
  readonly shape: readonly number[];
  /** Where the data starts. */
  readonly offset: number;
  readonly byteLength: number;
}

/**
 * The header of a `.npy`, or null when `bytes` is too short to hold it yet. Arrays above `maxBytes`
 * (default 4 GiB: what one buffer holds in a browser) are refused; a reader that streams the data in
 * blocks may allow more.
 */
export function parseNpyHeader(
  bytes: Uint8Array,
  file = 'array.npy',
  maxBytes = 2 ** 32,
): NpyHeader | null {
  const fail = (reason: string): never => {
    throw new DataError(file, null, reason);
  };
  if (bytes.length < 12) {
    if (MAGIC.some((b, i) => i < bytes.length && bytes[i] !== b))
      fail('not a .npy file (bad magic bytes)');
    return null;
  }
  if (MAGIC.some((b, i) => bytes[i] !== b)) fail('not a .npy file (bad magic bytes)');
  const major = bytes[6];
  if (major < 1 || major > 3) fail(`unsupported .npy version ${major}.${bytes[7]}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const headerStart = major === 1 ? 10 : 12;
  if (headerLength > 1 << 20) fail(`implausible .npy header length ${headerLength}`);
  if (headerStart + headerLength > bytes.length) return null;
  let header = '';
  for (let i = headerStart; i < headerStart + headerLength; i++)
    header += String.fromCharCode(bytes[i]);
  if (!/^\{[^{}]*\}[ \t]*\n?$/.test(header.trimStart().replace(/ +$/, '')))
    fail(`the .npy header is not one closed {…} dictionary: ${header.trim().slice(0, 200)}`);
  const descr = /'descr'\s*:\s*'([^']+)'/.exec(header)?.[1];
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header)?.[1];
  const shapeText = /'shape'\s*:\s*\(([^)]*)\)/.exec(header)?.[1];
  if (!descr || !fortran || shapeText === undefined)
    fail(`unreadable .npy header: ${header.trim().slice(0, 200)}`);
  if (fortran === 'True')
    fail('Fortran-order arrays are not supported; save with np.ascontiguousarray');
  const dtype =
    normalizeDtype(descr!) ??
    fail(
      `unsupported dtype ${descr} (expected float32, float64, uint16, uint8, int32 or int16, little-endian)`,
    );
  const shape = shapeText!
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => (/^\d+L?$/.test(s) ? Number(s.replace('L', '')) : NaN));
  if (shape.length < 1 || shape.length > 2 || shape.some((d) => !Number.isSafeInteger(d) || d < 0))
    fail(`unsupported shape (${shapeText}); expected (N,) or (N, T)`);
  const count = shape.reduce((a, b) => a * b, 1);
  const byteLength = count * ITEM_SIZE[dtype];
  if (!Number.isSafeInteger(byteLength) || byteLength > maxBytes)
    fail(`array too large: shape (${shape.join(', ')})`);
  return { dtype, shape, offset: headerStart + headerLength, byteLength };
}

/**
 * Reads a `.npy` chunk by chunk: the header first, then the data straight into one buffer of the
 * array's size, so a large file is never held twice.
 */
export class NpyReader {
  private head = new Uint8Array(0);
  private header: NpyHeader | null = null;
  private body: Uint8Array | null = null;
  private filled = 0;
  bytes = 0;

  constructor(readonly file: string) {}

  push(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    if (this.body === null) {
      const head = new Uint8Array(this.head.length + chunk.length);
      head.set(this.head);
      head.set(chunk, this.head.length);
      const header = parseNpyHeader(head, this.file);
      if (header === null) {
        this.head = head;
        return;
      }
      this.header = header;
      this.body = new Uint8Array(header.byteLength);
      this.head = new Uint8Array(0);
      chunk = head.subarray(header.offset);
    }
    if (this.filled + chunk.length > this.body.length)
      throw new DataError(
        this.file,
        null,
        `${this.filled + chunk.length - this.body.length} bytes after the end of the array the header's shape (${this.header!.shape.join(', ')}) declares: the header does not describe this file`,
      );
    this.body.set(chunk, this.filled);
    this.filled += chunk.length;
  }

  end(): void {}

  /** The array; a DataError when the file ended early. */
  result(): NpyArray {
    if (this.header === null || this.body === null)
      throw new DataError(
        this.file,
        null,
        this.bytes === 0 ? 'empty file' : 'not a .npy file or truncated header',
      );
    if (this.filled < this.body.length)
      throw new DataError(
        this.file,
        null,
        `truncated data: expected ${this.body.length} bytes after the header, found ${this.filled}`,
      );
    const { dtype, shape } = this.header;
    return { dtype, shape, data: typedArray(dtype, this.body.buffer as ArrayBuffer) };
  }
}

const ITEM_SIZE: Record<NpyDtype, number> = {
  '<f4': 4,
  '<f8': 8,
  '<u2': 2,
  '|u1': 1,
  '<i4': 4,
  '<i2': 2,
};

function normalizeDtype(d: string): NpyDtype | null {
  const map: Record<string, NpyDtype> = {
    '<f4': '<f4',
    '<f8': '<f8',
    '<u2': '<u2',
    '|u1': '|u1',
    '<u1': '|u1',
    '<i4': '<i4',
    '<i2': '<i2',
  };
  return map[d] ?? null;
}

function typedArray(dtype: NpyDtype, buffer: ArrayBuffer): NpyArray['data'] {
  switch (dtype) {
    case '<f4':
      return new Float32Array(buffer);
    case '<f8':
      return new Float64Array(buffer);
    case '<u2':
      return new Uint16Array(buffer);
    case '|u1':
      return new Uint8Array(buffer);
    case '<i4':
      return new Int32Array(buffer);
    case '<i2':
      return new Int16Array(buffer);
  }
}

/** The header bytes of a C-order `.npy` (format 1.0), padded so the data starts 64-byte aligned. */
export function npyHeader(descr: '<f4' | '<f8', shape: readonly number[]): Uint8Array {
  const shapeText = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shapeText}, }`;
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const out = new Uint8Array(10 + header.length);
  out.set(MAGIC);
  out[6] = 1;
  out[7] = 0;
  new DataView(out.buffer).setUint16(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  return out;
}

/** A float32 or float64 `.npy` (format 1.0) of the given shape. */
export function encodeNpy(data: Float32Array | Float64Array, shape: readonly number[]): Uint8Array {
  const header = npyHeader(data instanceof Float32Array ? '<f4' : '<f8', shape);
  const out = new Uint8Array(header.length + data.byteLength);
  out.set(header);
  out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), header.length);
  return out;
}
