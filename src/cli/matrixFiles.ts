/**
 * Realization matrices on disk as `.npy`, read and written block by block: Node's whole-file calls
 * stop at 2 GiB (a 1,000,000 × 1,000 float32 matrix is 4 GB), and a block at a time never holds a
 * second copy of the matrix. A `.npy.gz` is still read whole (gzip has no random access).
 */
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { basename } from 'node:path';
import { readWholeFile } from './inflate.ts';
import {
  DataError,
  checkMatrixValues,
  allocateMatrix,
  lengthProblem,
  npyHeader,
  parseNpy,
  parseNpyHeader,
  matrixFrom,
  type NpyHeader,
  type RealizationMatrix,
  type RowBlocks,
} from '../engine/index.ts';

/** Bytes per read or write call: far below the 2 GiB of one call, large enough to stream at disk speed. */
export const IO_BLOCK = 1 << 26;

/** Bytes of one block of rows streamed from a file, reused from block to block (RowBlocks). */
export const ROW_BLOCK_BYTES = 1 << 24;

function fileError(path: string, e: unknown): DataError {
  if (e instanceof DataError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  return new DataError(path, null, code === 'ENOENT' ? 'no such file' : (e as Error).message);
}

/** Fills `into` from `fd` at `position`; the bytes read (fewer only at the end of the file). */
function readFully(fd: number, into: Uint8Array, position: number): number {
  let got = 0;
  while (got < into.length) {
    const n = readSync(fd, into, got, Math.min(IO_BLOCK, into.length - got), position + got);
    if (n === 0) break;
    got += n;
  }
  return got;
}

function writeFully(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) {
    at += writeSync(fd, bytes, at, Math.min(IO_BLOCK, bytes.length - at));
  }
}

function readHeader(fd: number, file: string): NpyHeader {
  for (let size = 4096; ; size *= 4) {
    const head = new Uint8Array(size);
    const got = readFully(fd, head, 0);
    const header = parseNpyHeader(head.subarray(0, got), file, Number.MAX_SAFE_INTEGER);
    if (header) return header;
    if (got < size)
      throw new DataError(file, null, got === 0 ? 'empty file' : 'truncated .npy header');
  }
}

const CONVERTED: Record<string, (b: ArrayBuffer, at: number, n: number) => ArrayLike<number>> = {
  '<f8': (b, at, n) => new Float64Array(b, at, n),
  '<u2': (b, at, n) => new Uint16Array(b, at, n),
  '|u1': (b, at, n) => new Uint8Array(b, at, n),
  '<i4': (b, at, n) => new Int32Array(b, at, n),
  '<i2': (b, at, n) => new Int16Array(b, at, n),
};

function openMatrix(path: string, file: string): { fd: number; header: NpyHeader } {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw fileError(path, e);
  }
  try {
    const header = readHeader(fd, file);
    if (header.shape.length !== 2)
      throw new DataError(
        file,
        null,
        `expected a 2-D (N, R) array, got shape (${header.shape.join(', ')})`,
      );
    const found = fstatSync(fd).size - header.offset;
    if (found !== header.byteLength) throw new DataError(file, null, lengthProblem(header, found));
    emptyProblem(header.shape, file);
    return { fd, header };
  } catch (e) {
    closeSync(fd);
    throw fileError(path, e);
  }
}

/**
 * A float32 `.npy` matrix streamed as blocks of whole rows through one reused buffer, each block's
 * values checked as `readMatrix` checks them; null for a `.npy.gz` or a dtype other than float32.
 * The file is opened for each pass, so a pass sees the file as it is then.
 */
export function matrixRowBlocks(path: string): RowBlocks | null {
  if (path.endsWith('.gz')) return null;
  const file = basename(path);
  const { fd, header } = openMatrix(path, file);
  closeSync(fd);
  if (header.dtype !== '<f4') return null;
  const [rows, cols] = header.shape;
  const perBlock = Math.max(1, Math.floor(ROW_BLOCK_BYTES / (4 * cols)));
  return {
    rows,
    cols,
    forEachBlock(each) {
      const { fd: pass } = openMatrix(path, file);
      try {
        const buffer = new Float32Array(Math.min(rows, perBlock) * cols);
        const bytes = new Uint8Array(buffer.buffer);
        for (let first = 0; first < rows; first += perBlock) {
          const n = Math.min(perBlock, rows - first);
          const view = bytes.subarray(0, n * cols * 4);
          let got: number;
          try {
            got = readFully(pass, view, header.offset + first * cols * 4);
          } catch (e) {
            throw fileError(path, e);
          }
          if (got < view.length)
            throw new DataError(file, null, 'the file became shorter while it was read');
          const values = buffer.subarray(0, n * cols);
          checkMatrixValues(values, cols, file, null, '', first * cols);
          each(first, matrixFrom(n, cols, values));
        }
      } finally {
        closeSync(pass);
      }
    },
  };
}

/** A float32 (N, R) matrix exactly as stored; other dtypes are converted to float32, block by block. */
export function readMatrix(path: string): RealizationMatrix {
  const file = basename(path);
  if (path.endsWith('.gz')) return matrixOf(parseNpy(gunzipped(path), file), file);
  const { fd, header } = openMatrix(path, file);
  try {
    const [rows, cols] = header.shape;
    const m = allocateMatrix(rows, cols, false);
    const bytes = new Uint8Array(m.data.buffer, m.data.byteOffset, m.data.byteLength);
    if (header.dtype === '<f4') {
      readFully(fd, bytes, header.offset);
      checkMatrixValues(m.data, cols, file, null);
    } else convertInto(fd, header, m.data, cols, file);
    return m;
  } catch (e) {
    throw fileError(path, e);
  } finally {
    closeSync(fd);
  }
}

function convertInto(
  fd: number,
  header: NpyHeader,
  out: Float32Array,
  cols: number,
  file: string,
): void {
  const item = header.byteLength / out.length;
  const view = CONVERTED[header.dtype];
  const perBlock = Math.floor(IO_BLOCK / item);
  const block = new ArrayBuffer(perBlock * item);
  for (let first = 0; first < out.length; first += perBlock) {
    const n = Math.min(perBlock, out.length - first);
    readFully(fd, new Uint8Array(block, 0, n * item), header.offset + first * item);
    const values = view(block, 0, n);
    checkMatrixValues(values, cols, file, null, '', first);
    out.set(values, first);
  }
}

function gunzipped(path: string): Uint8Array {
  try {
    return readWholeFile(path);
  } catch (e) {
    throw fileError(path, e);
  }
}

/** A matrix with no task or no realization is refused: nothing in it can be packed or judged. */
function emptyProblem(shape: readonly number[], file: string): void {
  if (shape.some((d) => d === 0))
    throw new DataError(
      file,
      null,
      `the header's shape (${shape.join(', ')}) holds no ${shape[0] === 0 ? 'task' : 'realization'}`,
    );
}

function matrixOf(a: ReturnType<typeof parseNpy>, file: string): RealizationMatrix {
  if (a.shape.length !== 2)
    throw new DataError(
      file,
      null,
      `expected a 2-D (N, R) array, got shape (${a.shape.join(', ')})`,
    );
  emptyProblem(a.shape, file);
  checkMatrixValues(a.data, a.shape[1], file, null);
  const data = a.data instanceof Float32Array ? a.data : Float32Array.from(a.data);
  return matrixFrom(a.shape[0], a.shape[1], data);
}

/**
 * A float32 (rows, cols) `.npy` written row block by row block as the rows are made, so the whole
 * matrix never has to be in memory: `write` the rows in order, then `close`.
 */
export class MatrixWriter {
  private readonly fd: number;
  private written = 0;
  /** Bytes before the first value: row i starts at `dataOffset + 4·i·cols`. */
  readonly dataOffset: number;

  constructor(
    readonly path: string,
    readonly rows: number,
    readonly cols: number,
  ) {
    try {
      this.fd = openSync(path, 'w');
    } catch (e) {
      throw fileError(path, e);
    }
    const header = npyHeader('<f4', [rows, cols]);
    this.dataOffset = header.length;
    writeFully(this.fd, header);
  }

  /** Counts whole rows that another thread wrote in place (at `dataOffset`), in order. */
  wroteInPlace(values: number): void {
    if (values % this.cols !== 0 || this.written + values > this.rows * this.cols)
      throw new RangeError(`a block of ${values} values does not continue the matrix`);
    this.written += values;
  }

  /** The next whole rows, row-major. */
  write(block: Float32Array): void {
    if (block.length % this.cols !== 0 || this.written + block.length > this.rows * this.cols)
      throw new RangeError(`a block of ${block.length} values does not continue the matrix`);
    writeFully(this.fd, new Uint8Array(block.buffer, block.byteOffset, block.byteLength));
    this.written += block.length;
  }

  /** Closes the file after a failure (what was written stays, short of rows). */
  abort(): void {
    closeSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
    if (this.written !== this.rows * this.cols)
      throw new RangeError(
        `${this.path}: ${this.written / this.cols} of ${this.rows} rows were written`,
      );
  }
}

export function writeMatrix(path: string, m: RealizationMatrix): void {
  const w = new MatrixWriter(path, m.rows, m.cols);
  try {
    w.write(m.data);
  } catch (e) {
    w.abort();
    throw e;
  }
  w.close();
}
