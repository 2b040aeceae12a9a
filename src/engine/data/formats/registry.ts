/**
 * The trace formats: one line each. Detection tries their rules by rank, the page and the command
 * line list them in `formatIds.ts`' order, and every question about a format is asked of its entry
 * here. `registerFormat` adds one at run time (a test's throwaway format, a plug-in).
 */
import type { FormatEntry, FormatSpec } from './entry.ts';
import { alibabaFormat } from './alibaba.ts';
import { azure2Format } from './azure2.ts';
import { bitbrainsFormat } from './bitbrains.ts';
import { columnsFormat } from './columns.ts';
import { compactFormat } from './compact.ts';
import { googleFormat } from './google.ts';
import { google2019Format } from './google2019.ts';
import { longFormat } from './long.ts';
import { npyFormat } from './npy.ts';
import { prometheusFormat } from './prometheus.ts';
import { wideFormat } from './wide.ts';

// Each entry is typed by its own spec; the registry hands them out for any spec.
const entries = [
  googleFormat,
  wideFormat,
  columnsFormat,
  longFormat,
  npyFormat,
  compactFormat,
  prometheusFormat,
  alibabaFormat,
  azure2Format,
  google2019Format,
  bitbrainsFormat,
].map((e) => e as unknown as FormatEntry);

/** Every format, built-in ones first, in the order the page lists them. */
export function formatEntries(): readonly FormatEntry[] {
  return entries;
}

/** The entry of format `id`, or undefined when there is none. */
export function findFormat(id: string): FormatEntry | undefined {
  return entries.find((e) => e.id === id);
}

/** The entry of `spec`'s format (a RangeError naming it when there is none). */
export function formatOf(spec: FormatSpec): FormatEntry {
  const entry = findFormat(spec.format);
  if (!entry) throw new RangeError(`invalid format: ${String(spec.format)}`);
  return entry;
}

/** Adds a format (after the built-in ones); its id must be new. */
export function registerFormat<S extends FormatSpec>(entry: FormatEntry<S>): void {
  if (findFormat(entry.id)) throw new RangeError(`format ${entry.id} is registered already`);
  entries.push(entry as unknown as FormatEntry);
}
