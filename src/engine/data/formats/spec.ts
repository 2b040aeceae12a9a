/**
 * The shapes every format shares: a load's spec (plain data naming the format and its options, so
 * it crosses a worker boundary and sits in a preset), the roles its files play, and the loader that
 * takes them. Types only, so that format modules, the registry and the loader import them without
 * a cycle.
 */
import type { ChunkSink } from '../streams/bytes.ts';
import type { AlibabaOptions } from '../readers/alibaba.ts';
import type { AzureV2Options } from '../readers/azure2.ts';
import type { ColumnsOptions } from '../readers/columns.ts';
import type { GoogleOptions } from '../readers/google.ts';
import type { Google2019Options } from '../readers/google2019.ts';
import type { LongOptions } from '../readers/long.ts';
import type { PrometheusOptions } from '../readers/prometheus.ts';
import type { LoadResult } from '../samples/report.ts';
import type { BitbrainsOptions } from '../units/traceUnits.ts';
import type { Unit } from '../units/units.ts';
import type { WideOptions } from '../readers/wide.ts';

export interface NpyOptions {
  /** (N, T) samples per task (default) or a ready (N, R) realization matrix. */
  readonly kind?: 'samples' | 'realizations';
  readonly unit?: Unit;
  readonly scale?: number;
  readonly capacity?: number;
  readonly clamp?: boolean;
}

export type TraceSpec =
  | ({ readonly format: 'prometheus' } & PrometheusOptions)
  | ({ readonly format: 'alibaba' } & AlibabaOptions)
  | ({ readonly format: 'azure2' } & AzureV2Options)
  | ({ readonly format: 'google2019' } & Google2019Options)
  | ({ readonly format: 'bitbrains' } & BitbrainsOptions);

export type LoadSpec =
  | ({ readonly format: 'google' } & GoogleOptions)
  | ({ readonly format: 'wide' } & WideOptions)
  | ({ readonly format: 'columns' } & ColumnsOptions)
  | ({ readonly format: 'long' } & LongOptions)
  | ({ readonly format: 'npy' } & NpyOptions)
  | { readonly format: 'compact' }
  | TraceSpec;

/** A format's name (each built-in one's spec is a member of `LoadSpec`). */
export type FormatId = LoadSpec['format'];

/** The spec of one format. */
export type SpecOf<F extends FormatId> = Extract<LoadSpec, { readonly format: F }>;

export type TraceRole = 'inst' | 'usage' | 'meta' | 'machines';

/** What a file is to its format. */
export type FileRole = 'usage' | 'events' | 'inst' | 'avg' | 'sidecar' | 'samples' | TraceRole;

/** Takes the files of one dataset, then returns it. */
export interface DatasetLoader {
  readonly format: FormatId;
  /** A sink for one file's (decompressed) bytes; the role defaults to `roleFromName`. */
  file(name: string, role?: FileRole): ChunkSink;
  finish(): LoadResult;
}

/** A format's reading of one dataset: its files by role (checked against its roles), then the load. */
export interface FormatReader {
  file(name: string, role: FileRole): ChunkSink;
  finish(): LoadResult;
}
