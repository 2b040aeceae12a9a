/**
 * The shapes every format shares: a load's spec (plain data naming the format and its options, so
 * it crosses a worker boundary and sits in a preset), the roles its files play, and the loader that
 * takes them. Types only, so that format modules, the registry and the loader import them without
 * a cycle.
 */
import type { ChunkSink } from '../streams/bytes.ts';
import type { LoadResult } from '../samples/report.ts';

/**
 * Each built-in format's options, by its name. A format's own module adds its line here
 * (`declare module './spec.ts'`), so that the union of specs below, and `FormatId`, are derived
 * from the modules: a format with options is its module and its line in `registry.ts`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FormatOptions {}

/** A load's spec: a format's name and its options. */
export type LoadSpec = {
  [F in keyof FormatOptions]: { readonly format: F } & FormatOptions[F];
}[keyof FormatOptions];

/** A format's name (each built-in one's options are declared in `FormatOptions`). */
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
