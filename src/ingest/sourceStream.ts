/**
 * A live Prometheus source read in the page's ingestion worker: the range's chunks read in order,
 * the next one asked for while one is read (rangeInputs: two requests in flight), each response's
 * body parsed once as it arrives by the Prometheus reader (the dataset), which hands each series
 * to the ones kept for the assessment, and hashed on the way (the dataset's key, as an upload's).
 * The answer ahead waits unread, so memory is the samples kept, whatever the range. Cancel
 * (`control.signal`) aborts both requests between two network reads and leaves nothing behind.
 */
import {
  LIVE_SOURCE_FORMAT,
  SeriesCollector,
  compactSamples,
  type ChunkSink,
  type LoadResult,
  type LoadSpec,
  type PromSource,
} from '../engine/index.ts';
import { PrometheusLoader, type PrometheusOptions } from '../engine/data/index.ts';
import { Sha256 } from '../engine/data/index.ts';
import { assessSeries, type AssessOptions, type Assessment } from './assessSource.ts';
import {
  describeSourceFailure,
  withRangeInputs,
  refuseUnlabelled,
  type ClusterFacts,
  type PromAccess,
} from './prometheusSource.ts';
import { pump, type StreamControl } from './stream.ts';

/** What the assessment needs beside the series: the server's facts and the panel's options. */
export interface SourceAssess {
  readonly facts: ClusterFacts;
  readonly options: AssessOptions;
}

type StreamedSource = LoadResult & {
  readonly spec: LoadSpec;
  /** SHA-256 of the responses' bytes in order (the same as of the answers saved as files). */
  readonly hash: string;
  /** The placement judged on the same series, or why it could not be (the data still load). */
  readonly assessment: Assessment | null;
  readonly assessError: string | null;
};

function hashed(sink: ChunkSink, hash: Sha256): ChunkSink {
  return {
    push(chunk) {
      hash.update(chunk);
      sink.push(chunk);
    },
    end: () => sink.end(),
  };
}

/** The samples as `createLoader` gives them: coded where exact, times only when asked. */
function result(loader: PrometheusLoader, times: boolean): LoadResult {
  const { samples, report } = loader.finish();
  const { times: kept, ...rest } = samples;
  return {
    kind: 'samples',
    samples: compactSamples(times && kept ? { ...rest, times: kept } : rest),
    report,
  };
}

/**
 * Reads `source` with `spec` (a Prometheus load spec, sourceSpec), chunk by chunk, into the dataset
 * and, when `assess` is given, the assessment of the placement the series show.
 */
export async function streamSource(
  source: PromSource,
  access: PromAccess,
  spec: LoadSpec,
  options: { readonly times?: boolean; readonly assess?: SourceAssess | null },
  control: StreamControl = {},
): Promise<StreamedSource> {
  const a = { ...access, signal: access.signal ?? control.signal };
  if (spec.format !== LIVE_SOURCE_FORMAT)
    throw new RangeError(`a live source loads as ${LIVE_SOURCE_FORMAT}`);
  const loader = new PrometheusLoader(spec as PrometheusOptions);
  const collector = options.assess ? new SeriesCollector() : null;
  const hash = new Sha256();
  try {
    await withRangeInputs(source, a, async (inputs) => {
      for (let i = 0; i < inputs.length; i++) {
        const name = inputs[i].name;
        // One parse: the reader hands each series to the assessment's collector as it reads it.
        const sink = loader.file(name, collector ? (s) => collector.take(name, s) : undefined);
        await pump(inputs[i], hashed(sink, hash), control, { fileIndex: i, files: inputs.length });
      }
    });
    control.signal?.throwIfAborted();
    const loaded = result(loader, options.times === true);
    refuseUnlabelled(loaded, source);
    let assessment: Assessment | null = null;
    let assessError: string | null = null;
    if (collector && options.assess)
      try {
        assessment = assessSeries(
          { series: collector.series(), notNumbers: collector.notNumbers },
          options.assess.facts,
          options.assess.options,
        );
      } catch (e) {
        assessError = `The placement cannot be judged: ${(e as Error).message}`;
      }
    return { ...loaded, spec, hash: hash.hex(), assessment, assessError };
  } catch (e) {
    throw describeSourceFailure(e, source);
  }
}
