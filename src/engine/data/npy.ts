/**
 * NumPy `.npy` files (format versions 1–3): C-order 1-D or 2-D arrays of float32, float64, uint16,
 * uint8, int32 or int16, little-endian. Reading returns float32 rows as stored (no conversion) so a
 * matrix computes on exactly the file's values.
 */
import { DataError } from './errors.ts';

export type NpyDtype = '<f4' | '<f8' | '<u2' | '|u1' | '<i4' | '<i2';

export interface NpyArray {
  readonly dtype: NpyDtype;
  readonly shape: readonly number[];
  readonly data: Float32Array | Float64Array | Uint16Array | Uint8Array | Int32Array | Int16Array;
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];

export function parseNpy(bytes: Uint8Array, file = 'array.npy'): NpyArray {
  const fail = (reason: string): never => {
    throw new DataError(file, null, reason);
  };
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b))
    fail('not a .npy file (bad magic bytes)');
  const major = bytes[6];
  if (major < 1 || major > 3) fail(`unsupported .npy version ${major}.${bytes[7]}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const headerStart = major === 1 ? 10 : 12;
  if (headerStart + headerLength > bytes.length) fail('truncated .npy header');
  let header = '';
  for (let i = headerStart; i < headerStart + headerLength; i++)
    header += String.fromCharCode(bytes[i]);
  const descr = /'descr'\s*:\s*'([^']+)'/.exec(header)?.[1];
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header)?.[1];
  const shapeText = /'shape'\s*:\s*\(([^)]*)\)/.exec(header)?.[1];
  if (!descr || !fortran || shapeText === undefined)
    fail(`unreadable .npy header: ${header.trim()}`);
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
    .map(Number);
  if (shape.length < 1 || shape.length > 2 || shape.some((d) => !Number.isInteger(d) || d < 0))
    fail(`unsupported shape (${shapeText}); expected (N,) or (N, T)`);
  const count = shape.reduce((a, b) => a * b, 1);
  const offset = headerStart + headerLength;
  const itemSize = ITEM_SIZE[dtype as NpyDtype];
  if (bytes.length - offset < count * itemSize)
    fail(
      `truncated data: expected ${count * itemSize} bytes after the header, found ${bytes.length - offset}`,
    );
  const body = new ArrayBuffer(count * itemSize);
  new Uint8Array(body).set(bytes.subarray(offset, offset + count * itemSize));
  return { dtype: dtype as NpyDtype, shape, data: typedArray(dtype as NpyDtype, body) };
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

/** A 2-D float32 `.npy` (format 1.0). */
export function encodeNpy(data: Float32Array | Float64Array, shape: readonly number[]): Uint8Array {
  const descr = data instanceof Float32Array ? '<f4' : '<f8';
  const shapeText = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shapeText}, }`;
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const out = new Uint8Array(10 + header.length + data.byteLength);
  out.set(MAGIC);
  out[6] = 1;
  out[7] = 0;
  new DataView(out.buffer).setUint16(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), 10 + header.length);
  return out;
}
