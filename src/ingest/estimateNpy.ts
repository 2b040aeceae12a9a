/**
 * The size of a .npy or compact-format load from the files' headers (their shape, dtype and, for
 * the compact format, the sidecar's task count) and the distinct values of the first MiB of
 * samples: these formats need every file before a row loads, so a head cannot be loaded alone.
 */
import {
  DataError,
  dictionaryEncode,
  parseNpyHeader,
  type FileRole,
  type FormatEntry,
  type LoadSpec,
  type NpyDtype,
} from '../engine/index.ts';
import { readHead } from './fileHead.ts';
import { bytesPerSampleOf, sized, type LoadEstimate } from './sizes.ts';
import type { InputFile } from './stream.ts';

const ARRAYS: Record<NpyDtype, { bytes: number; of: (b: ArrayBuffer) => ArrayLike<number> }> = {
  '<f4': { bytes: 4, of: (b) => new Float32Array(b) },
  '<f8': { bytes: 8, of: (b) => new Float64Array(b) },
  '<u2': { bytes: 2, of: (b) => new Uint16Array(b) },
  '|u1': { bytes: 1, of: (b) => new Uint8Array(b) },
  '<i4': { bytes: 4, of: (b) => new Int32Array(b) },
  '<i2': { bytes: 2, of: (b) => new Int16Array(b) },
};

interface HeadArray {
  readonly shape: readonly number[];
  readonly itemBytes: number;
  /** The bytes a sample will take as stored, from the head's distinct values. */
  readonly bytesPerSample: number;
}

/** The shape of a .npy file and the width its samples will be stored at, from its first MiB. */
async function headArray(input: InputFile, signal?: AbortSignal): Promise<HeadArray | null> {
  const { head } = await readHead(input, signal);
  const header = parseNpyHeader(head, input.name);
  if (!header) return null;
  const kind = ARRAYS[header.dtype];
  const body = head.subarray(header.offset);
  const n = Math.min(
    Math.floor(body.length / kind.bytes),
    header.byteLength / kind.bytes,
    ESTIMATE_VALUES,
  );
  const values = Float64Array.from(kind.of(body.slice(0, n * kind.bytes).buffer));
  const coded = dictionaryEncode(values);
  const perSample = bytesPerSampleOf(
    coded && { codeBytes: coded.codes.BYTES_PER_ELEMENT, distinct: coded.dictionary.length },
  );
  return { shape: header.shape, itemBytes: kind.bytes, bytesPerSample: perSample };
}

/** Values of the head whose distinct count gives the stored width. */
const ESTIMATE_VALUES = 1 << 17;

/**
 * The estimate of a .npy or compact load (see the module doc), or null when a header cannot be
 * read. While loading, a sample takes its raw bytes and its float64 conversion besides its stored
 * form; a .npy of realizations is stored as float32 and is the pool (R = its columns).
 */
export async function estimateFromHeaders(
  roled: readonly { input: InputFile; role: FileRole }[],
  array: NonNullable<FormatEntry['arrayFile']>,
  spec: LoadSpec,
  o: { bytes: number; realizations: number; budgetBytes: number },
  signal?: AbortSignal,
): Promise<LoadEstimate | null> {
  const samplesFile = roled.find((r) => r.role === array.role);
  if (!samplesFile) return null;
  const head = await headArray(samplesFile.input, signal);
  if (!head) return null;
  const common = { bytes: o.bytes, budgetBytes: o.budgetBytes, extrapolated: true };
  if (!array.taskCountRole) {
    if (head.shape.length !== 2) return null;
    const [tasks, cols] = head.shape;
    const series = roled.some((r) => r.role === 'avg') ? 2 : 1;
    if ('kind' in spec && spec.kind === 'realizations')
      return sized({
        ...common,
        rows: tasks,
        tasks,
        samples: tasks * cols * series,
        realizations: cols,
        series,
        canSample: false,
        bytesPerSample: 4,
        transientPerSample: head.itemBytes + 4,
      });
    return sized({
      ...common,
      rows: tasks,
      tasks,
      samples: tasks * cols * series,
      realizations: o.realizations,
      series,
      canSample: false,
      bytesPerSample: head.bytesPerSample,
      transientPerSample: head.itemBytes + 8,
    });
  }
  const sidecar = roled.find((r) => r.role === array.taskCountRole);
  if (!sidecar) return null;
  const text = new TextDecoder().decode((await readHead(sidecar.input, signal)).head);
  const tasks = Number(/"tasks"\s*:\s*(\d+)/.exec(text)?.[1] ?? NaN);
  if (!(tasks >= 1)) throw new DataError(sidecar.input.name, null, 'no task count in the sidecar');
  const samples = head.shape.reduce((a, b) => a * b, 1);
  return sized({
    ...common,
    rows: tasks,
    tasks,
    samples,
    realizations: o.realizations,
    series: head.shape.length === 2 ? head.shape[0] : 1,
    canSample: false,
    bytesPerSample: head.bytesPerSample,
    transientPerSample: head.itemBytes + 8,
  });
}
