/**
 * A built-in dataset prepared at build time: what the loader returns for a preset at one scale,
 * stored so that the page reads it back without parsing. Bit-identical to loading the source: every
 * float64 sample is stored either through a dictionary of the distinct values (one or two bytes a
 * sample when there are at most 256 or 65,536 of them, as for integer percents) or as raw float64.
 *
 * Layout (little-endian): the magic `SLOPREP1`, a uint32 header length, the header (UTF-8 JSON:
 * the report, spec, ids, task lengths and the encoding of each series), zero padding to 8 bytes,
 * then each series' block in header order (its dictionary as float64, then its codes), each padded
 * to 8 bytes.
 */
import {
  dictionaryEncode,
  isCoded,
  presetById,
  seriesLength,
  taskCount,
  type LoadReport,
  type LoadSpec,
  type SeriesSet,
  type TaskSamples,
} from '../engine/index.ts';
import type { LoadedData } from './api.ts';

const MAGIC = 'SLOPREP1';

type Encoding = 'dict8' | 'dict16' | 'f64';

interface SeriesBlock {
  readonly name: 'inst' | 'avg' | 'requests.cpu' | 'requests.memory';
  readonly encoding: Encoding;
  /** Distinct values (dictionary encodings); 0 for f64. */
  readonly dictionary: number;
  /** Values in the block (all tasks concatenated). */
  readonly values: number;
}

interface PreparedHeader {
  readonly preset: string;
  readonly scale: number;
  readonly report: LoadReport;
  readonly spec: LoadSpec | null;
  readonly ids: readonly string[];
  /** Samples per task (the same for inst and avg). */
  readonly lengths: readonly number[];
  readonly blocks: readonly SeriesBlock[];
}

/** The URL (under the app's base) of a preset's prepared file at `scale`. */
export function preparedUrl(presetId: string, scale: number): string {
  return `/data/prepared/${presetId}.scale-${scale}.bin`;
}

const pad8 = (n: number) => (n + 7) & ~7;

function encodeSeries(name: SeriesBlock['name'], set: SeriesSet | Float64Array) {
  const coded =
    set instanceof Float64Array
      ? dictionaryEncode(set)
      : isCoded(set)
        ? set
        : dictionaryEncode(concat(set));
  if (!coded) {
    const values = set instanceof Float64Array ? set : concat(set as readonly Float64Array[]);
    const block: SeriesBlock = { name, encoding: 'f64', dictionary: 0, values: values.length };
    return { block, parts: [new Uint8Array(values.buffer, values.byteOffset, values.byteLength)] };
  }
  const { dictionary, codes } = coded;
  const block: SeriesBlock = {
    name,
    encoding: codes instanceof Uint8Array ? 'dict8' : 'dict16',
    dictionary: dictionary.length,
    values: codes.length,
  };
  return {
    block,
    parts: [
      new Uint8Array(dictionary.buffer, dictionary.byteOffset, dictionary.byteLength),
      new Uint8Array(codes.buffer, codes.byteOffset, codes.byteLength),
    ],
  };
}

const concat = (series: readonly Float64Array[]) => {
  const out = new Float64Array(series.reduce((n, s) => n + s.length, 0));
  let at = 0;
  for (const s of series) {
    out.set(s, at);
    at += s.length;
  }
  return out;
};

/** Writes what the loader returned for `presetId` at `scale` (samples only, not a matrix). */
export function encodePrepared(loaded: LoadedData, presetId: string, scale: number): Uint8Array {
  if (loaded.kind !== 'samples') throw new RangeError('only per-task samples can be prepared');
  const s = loaded.samples;
  const series: [SeriesBlock['name'], SeriesSet | Float64Array][] = [['inst', s.inst]];
  if (s.avg) series.push(['avg', s.avg]);
  if (s.requests)
    series.push(['requests.cpu', s.requests.cpu], ['requests.memory', s.requests.memory]);
  const encoded = series.map(([name, values]) => encodeSeries(name, values));
  const header: PreparedHeader = {
    preset: presetId,
    scale,
    report: loaded.report,
    spec: loaded.spec,
    ids: s.ids,
    lengths: Array.from({ length: taskCount(s.inst) }, (_, i) => seriesLength(s.inst, i)),
    blocks: encoded.map((e) => e.block),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const parts = [new TextEncoder().encode(MAGIC), new Uint8Array(4), json];
  new DataView(parts[1].buffer).setUint32(0, json.length, true);
  let size = pad8(MAGIC.length + 4 + json.length);
  const at: number[] = [];
  for (const e of encoded)
    for (const p of e.parts) {
      at.push(size);
      size = pad8(size + p.length);
    }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  let i = 0;
  for (const e of encoded) for (const p of e.parts) out.set(p, at[i++]);
  return out;
}

type Block = Float64Array | { dictionary: Float64Array; codes: Uint8Array | Uint16Array };

/** A block as float64 values, or its dictionary and codes (copied out of the file's buffer). */
function decodeBlock(buffer: ArrayBufferLike, offset: number, block: SeriesBlock) {
  if (block.encoding === 'f64') {
    const values = new Float64Array(buffer.slice(offset, offset + block.values * 8));
    return { values: values as Block, end: pad8(offset + block.values * 8) };
  }
  const dictionary = new Float64Array(buffer.slice(offset, offset + block.dictionary * 8));
  const codesAt = pad8(offset + block.dictionary * 8);
  const codes =
    block.encoding === 'dict8'
      ? new Uint8Array(buffer.slice(codesAt, codesAt + block.values))
      : new Uint16Array(buffer.slice(codesAt, codesAt + block.values * 2));
  return { values: { dictionary, codes } as Block, end: pad8(codesAt + codes.byteLength) };
}

function flat(b: Block): Float64Array {
  if (b instanceof Float64Array) return b;
  const out = new Float64Array(b.codes.length);
  for (let k = 0; k < out.length; k++) out[k] = b.dictionary[b.codes[k]];
  return out;
}

/** Reads a prepared file back into what the loader returned (the preset from this build's table). */
export function decodePrepared(bytes: ArrayBufferLike, file: string): LoadedData {
  const fail = (reason: string): never => {
    throw new RangeError(`${file}: ${reason}`);
  };
  if (bytes.byteLength < 12) fail('too short for a prepared dataset');
  const magic = new TextDecoder().decode(new Uint8Array(bytes, 0, MAGIC.length));
  if (magic !== MAGIC) fail(`not a prepared dataset (magic "${magic}")`);
  const length = new DataView(bytes).getUint32(MAGIC.length, true);
  const headerEnd = MAGIC.length + 4 + length;
  if (headerEnd > bytes.byteLength) fail('the header runs past the end of the file');
  const header = JSON.parse(
    new TextDecoder().decode(new Uint8Array(bytes, MAGIC.length + 4, length)),
  ) as PreparedHeader;
  const preset = presetById(header.preset) ?? fail(`unknown preset "${header.preset}"`);
  let offset = pad8(headerEnd);
  const series = new Map<string, Block>();
  for (const block of header.blocks) {
    const need = block.encoding === 'f64' ? block.values * 8 : block.dictionary * 8 + block.values;
    if (offset + need > bytes.byteLength) fail(`the ${block.name} block runs past the end`);
    const { values, end } = decodeBlock(bytes, offset, block);
    series.set(block.name, values);
    offset = end;
  }
  const offsets = new Float64Array(header.lengths.length + 1);
  header.lengths.forEach((n, i) => (offsets[i + 1] = offsets[i] + n));
  /** Coded blocks as they are stored (`CodedSeries`), float64 ones split per task. */
  const split = (b: Block): SeriesSet => {
    if (!(b instanceof Float64Array)) return { offsets, ...b };
    return header.lengths.map((_, i) => b.slice(offsets[i], offsets[i + 1]));
  };
  const inst = series.get('inst') ?? fail('no inst block');
  const avg = series.get('avg');
  const cpuBlock = series.get('requests.cpu');
  const memoryBlock = series.get('requests.memory');
  const cpu = cpuBlock && flat(cpuBlock);
  const memory = memoryBlock && flat(memoryBlock);
  const samples: TaskSamples = {
    ids: [...header.ids],
    inst: split(inst),
    ...(avg ? { avg: split(avg) } : {}),
    ...(cpu && memory ? { requests: { cpu, memory } } : {}),
  };
  return {
    kind: 'samples',
    samples,
    report: header.report,
    spec: header.spec,
    preset,
    hash: null,
  };
}
