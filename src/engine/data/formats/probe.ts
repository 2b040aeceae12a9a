/**
 * What detection looks at in a file (its name and first bytes, decompressed, after any text
 * preamble): the base name, whether it is a JSON answer, its first line's fields as a trace reads
 * them and its first non-blank lines as a CSV reads them, each worked out once and only if a rule
 * asks.
 */
import { blank, splitFields } from '../streams/bytes.ts';

export class Probe {
  /** The lower-case base name without `.gz`. */
  readonly base: string;
  private lineStart = 0;
  private startText: string | null = null;
  private firstFields: string[] | null | undefined;
  private csvRows: string[][] | undefined;

  constructor(
    readonly name: string,
    readonly head: Uint8Array,
  ) {
    this.base = name
      .replace(/^.*[\\/]/, '')
      .toLowerCase()
      .replace(/\.gz$/, '');
  }

  /** Up to 4096 characters from the first one that is not white space. */
  get start(): string {
    if (this.startText === null) {
      const head = this.head;
      let i = 0;
      while (
        i < head.length &&
        (head[i] === 32 || head[i] === 9 || head[i] === 10 || head[i] === 13)
      )
        i++;
      this.lineStart = i;
      this.startText = String.fromCharCode(...head.subarray(i, Math.min(head.length, i + 4096)));
    }
    return this.startText;
  }

  /** Whether the file opens as a JSON object (an API answer or JSON lines). */
  get json(): boolean {
    return this.start.startsWith('{');
  }

  /** The fields of the first line after leading white space (a trace's header or first row), or
   * null when it is blank. */
  get firstLine(): readonly string[] | null {
    if (this.firstFields === undefined) {
      void this.start;
      const head = this.head;
      const i = this.lineStart;
      let e = i;
      while (e < head.length && head[e] !== 10) e++;
      const lineEnd = e > i && head[e - 1] === 13 ? e - 1 : e;
      this.firstFields = blank(head, i, lineEnd) ? null : splitFields(head, i, lineEnd);
    }
    return this.firstFields;
  }

  /** The fields of the first six non-blank lines that end in a newline (a CSV's header and rows). */
  get rows(): readonly (readonly string[])[] {
    if (this.csvRows === undefined) {
      const head = this.head;
      const lines: [number, number][] = [];
      let s = 0;
      for (let i = 0; i < head.length && lines.length < 6; i++)
        if (head[i] === 10) {
          if (!blank(head, s, i)) lines.push([s, i > s && head[i - 1] === 13 ? i - 1 : i]);
          s = i + 1;
        }
      this.csvRows = lines.map(([a, b]) => splitFields(head, a, b));
    }
    return this.csvRows;
  }
}

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Whether a CSV field is a number (or empty). */
export const numericField = (f: string) => f === '' || NUMERIC.test(f);

/** The CSV's header when its first line is not all numbers, else null. */
export function csvHeader(probe: Probe): readonly string[] | null {
  const first = probe.rows[0];
  return first && !first.every(numericField) ? first : null;
}
