/**
 * Which format a file is in (from its name and first bytes, SPEC §10) and the full `LoadSpec` the
 * explorer, the command line and the presets build from a format name and a few options.
 */
import { DataError } from '../streams/errors.ts';
import { textStart } from '../streams/bytes.ts';
import type { SpecOptions } from './specOptions.ts';
import { archiveKind, firstMember } from '../streams/archive.ts';
import type { FormatId } from '../formats/formatIds.ts';
import { Probe } from '../formats/probe.ts';
import { findFormat, formatEntries, formatOf } from '../formats/registry.ts';
import type { LoadSpec } from '../formats/spec.ts';

export type { SpecOptions } from './specOptions.ts';
export { guessValueColumn, headerFields } from '../formats/long.ts';

/** A format guess with the reason, from a file's name and its first bytes (decompressed). */
export interface Detection {
  readonly format: FormatId;
  readonly reason: string;
}

/**
 * Guesses the format of a file: inside an archive, its first member; else every format's detection
 * rules (their `detect`, formats/), tried by rank: JSON answers, trace file names, a trace's first
 * line, `.npy` and `.json` by name or magic bytes, Google shards by name, then CSV headers and
 * shapes (`t<digits>` columns → wide, a time first column → column-per-task, an id column with
 * repeating ids → long). Null when unsure.
 */
export function detectFormat(name: string, bytes: Uint8Array): Detection | null {
  const head = bytes.subarray(textStart(name, bytes));
  const kind = archiveKind(head);
  if (kind) {
    const member = firstMember(name, head, kind);
    if (!member) return null;
    const inner = detectFormat(member.name, member.head);
    return inner && { format: inner.format, reason: `${inner.reason}, in a ${kind} archive` };
  }
  const probe = new Probe(name, head);
  for (const { format, test } of detectionRules()) {
    const reason = test(probe);
    if (reason !== null) return { format, reason };
  }
  return null;
}

/** Every format's detection rules, by rank (stable: a format's own in its order). */
function detectionRules() {
  return formatEntries()
    .flatMap((e) => e.detect.map((r) => ({ format: e.id as FormatId, ...r })))
    .sort((a, b) => a.rank - b.rank);
}

/** The formats detection tries, in the user's words (not the loaders' ids). */
export const FORMATS_TRIED =
  'CSV (a row per task, a column per task, or a row per sample), Google 2011 and 2019, Alibaba, Azure V2, Bitbrains, a Prometheus answer (JSON), .npy, the compact format';

/** The layouts read, each with the first two lines of an example, for a file no rule recognised. */
export const LAYOUT_EXAMPLES = [
  'a row per task (wide CSV):\n  id,s0,s1,s2\n  vm1,12.5,13.0,11.8',
  'a column per task, a row per instant:\n  time,vm1,vm2\n  0,12.5,40.1',
  'a row per sample (long CSV; choose the id and value columns):\n  vm_id,timestamp_s,cpu_pct\n  vm1,1372629804,12.5',
  'Bitbrains per-VM files (;\\t separated):\n  Timestamp [ms];\\tCPU cores;\\tCPU capacity provisioned [MHZ];\\t…\n  1372629804;\\t2;\\t5851.9989;\\t…',
  'Google 2011 task_usage (20 fields, no header):\n  600000000,900000000,3418309,0,4155527081,0.001562,…\n  600000000,900000000,3418309,1,329150663,0.001568,…',
  'a Prometheus query_range answer (JSON):\n  {"status":"success","data":{"resultType":"matrix",\n   "result":[{"metric":{"pod":"a"},"values":[[1700000000,"0.5"],…]}]}}',
].join('\n');

/**
 * A full `LoadSpec` from a format (or 'auto': detected from the first file's name and bytes) and
 * loose options; unset options get the format's defaults. A DataError when the format cannot be
 * told or a long CSV's columns cannot be guessed.
 */
export function resolveSpec(
  format: FormatId | 'auto',
  o: SpecOptions,
  name: string,
  head: Uint8Array,
): LoadSpec {
  let f: FormatId;
  if (format === 'auto') {
    const d = detectFormat(name, head);
    if (!d)
      throw new DataError(
        name,
        null,
        `cannot tell the format. Tried: ${FORMATS_TRIED}. If it is one of them, choose it under Format (--format on the command line). The layouts read, each as its first two lines:\n${LAYOUT_EXAMPLES}`,
      );
    f = d.format;
  } else if (findFormat(format)) f = format;
  else
    throw new RangeError(
      `invalid format: ${String(format)} (expected ${formatEntries()
        .map((e) => e.id)
        .join(', ')})`,
    );
  // Percent and fractions are of the reference machine unless a scale says otherwise: scale 1. A
  // quarter-machine VM (SPEC §2's example, PlanetLab's 0.25) is a preset's or the user's choice.
  return formatOf({ format: f }).specFrom(o, { name, head }) as LoadSpec;
}
