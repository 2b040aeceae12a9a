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
import { setting } from '../../settings.ts';

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

/** An example line as told: a tab shown as `\t`, a long line cut to its first 100 characters. */
function shownLine(line: string): string {
  const text = line.replaceAll('\t', '\\t');
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

/**
 * Every format the registry holds, for a file no rule recognised: each with a file's name and its
 * first lines (a binary format by its name alone, last).
 */
export function layoutExamples(): string {
  const entries = formatEntries();
  const shown = entries.flatMap(({ title, example }) =>
    example
      ? [
          `${title} (e.g. ${example.name}):\n${example.lines.map((l) => `  ${shownLine(l)}`).join('\n')}`,
        ]
      : [],
  );
  const binary = entries.filter((e) => !e.example).map((e) => e.title);
  return [...shown, ...(binary.length > 0 ? [`also ${binary.join('; ')}`] : [])].join('\n');
}

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
        `cannot tell the format. If it is one of the formats below, choose it (${setting('format', 'Format, in the upload options')}). The formats read, each with a file's name and first lines:\n${layoutExamples()}`,
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
