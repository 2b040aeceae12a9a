/**
 * Loads a dataset from files of any supported format: detects the format when asked to, streams
 * each file into the engine's loader, and returns the samples (or a realization matrix) with the
 * report of every filter. Runs the same in a browser worker (`File`, `fetch`) and in Node.
 */
import {
  DataError,
  createLoader,
  resolveSpec,
  roleFromName,
  type FileRole,
  type FormatId,
  type LoadResult,
  type LoadSpec,
  type SampleStorage,
  type SpecOptions,
} from '../engine/index.ts';
import { estimateLoad } from './estimate.ts';
import { checkBudget, parseLimit, type LoadBudget, type LoadEstimate } from './sizes.ts';
import { head, pump, type InputFile, type StreamControl } from './stream.ts';

/**
 * A format and its options, or 'auto' with loose options: the format is detected from the first
 * file (or forced by `as`) and unset options get defaults from the file (e.g. a long CSV's columns).
 */
export type LoadRequest = (
  LoadSpec | ({ readonly format: 'auto'; readonly as?: FormatId } & SpecOptions)
) & {
  /** Refuse the load before reading the files when its estimate is over this memory budget. */
  readonly budget?: LoadBudget;
  /** Samples coded where exact (default) or float64 arrays per task (engine `createLoader`). */
  readonly storage?: SampleStorage;
  /** Keep the samples' timestamps (`TaskSamples.times`) where the format has them. */
  readonly times?: boolean;
  /**
   * Return the parsed values before the unit and the task size where the format allows
   * (`unitsAfterParsing`; the result says so with `raw`), for `convertedOf` to apply them.
   */
  readonly keepRaw?: boolean;
};

/** The spec a request resolves to, reading the first file's head when the format is 'auto'. */
export async function resolveRequest(
  inputs: readonly InputFile[],
  request: LoadRequest,
  control: StreamControl = {},
): Promise<LoadSpec> {
  if (inputs.length === 0) throw new RangeError('no input files');
  if (request.format !== 'auto') {
    const { budget: _budget, storage: _storage, times: _times, keepRaw: _raw, ...spec } = request;
    return spec as LoadSpec;
  }
  const first = preferredFirst(inputs);
  control.signal?.throwIfAborted();
  const {
    format: _format,
    as,
    budget: _budget,
    storage: _storage,
    times: _times,
    keepRaw: _raw,
    ...options
  } = request;
  const bytes = await head(first);
  if (bytes.length === 0) throw new DataError(first.name, null, 'empty file');
  return resolveSpec(as ?? 'auto', options, first.name, bytes);
}

function preferredFirst(inputs: readonly InputFile[]): InputFile {
  // Detect from a data file, not from a compact sidecar's .npy or a Google task_events shard.
  return (
    inputs.find((i) => /\.json$/i.test(i.name)) ??
    inputs.find((i) => !/task_events/i.test(i.name)) ??
    inputs[0]
  );
}

/**
 * Loads `inputs` as one dataset. Files are read one after the other; progress reports each file's
 * bytes, cancel (`control.signal`) rejects with the signal's reason. Bad data rejects with a
 * `DataError` naming the file, the line and the reason. With a budget (in the request, or its
 * `parseLimit` in `control.maxParsed`), the bytes parsed stop where the samples would pass it.
 */
export async function loadDataset(
  inputs: readonly InputFile[],
  request: LoadRequest,
  control: StreamControl = {},
): Promise<LoadResult & { readonly spec: LoadSpec }> {
  const spec = await resolveRequest(inputs, request, control);
  const limit =
    control.maxParsed ??
    (request.budget
      ? parseLimit(
          await estimateWithin(inputs, spec, request.budget, control),
          request.budget.bytes,
        )
      : null);
  const loader = createLoader(spec, request.storage, { times: request.times === true });
  let spent = 0;
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i];
    const role = (input.role as FileRole | undefined) ?? roleFromName(spec.format, input.name);
    const maxParsed = limit ? { ...limit, spent } : undefined;
    const r = await pump(
      input,
      loader.file(input.name, role),
      { ...control, maxParsed },
      { fileIndex: i, files: inputs.length },
    );
    spent += r.bytesParsed;
  }
  control.signal?.throwIfAborted();
  return { ...loader.finish(), spec };
}

/**
 * The size estimate of loading `inputs` with `spec` (see `estimateLoad`); rejects with a `DataError`
 * giving the numbers and the ways out when it is over `budget`.
 */
export async function estimateWithin(
  inputs: readonly InputFile[],
  spec: LoadSpec,
  budget: LoadBudget,
  control: StreamControl = {},
): Promise<LoadEstimate | null> {
  const estimate = await estimateLoad(inputs, spec, budget.realizations, budget.bytes, control);
  if (estimate) checkBudget(inputs.map((i) => i.name).join(', '), estimate, budget.bytes);
  return estimate;
}

/** The format a set of files would load as, with the reason (for a UI's format picker). */
export async function detect(
  inputs: readonly InputFile[],
): Promise<{ format: FormatId; spec: LoadSpec }> {
  const spec = await resolveRequest(inputs, { format: 'auto' });
  return { format: spec.format, spec };
}
