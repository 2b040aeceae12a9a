/**
 * The one CSV writer and text reader of every export and small input (page and command line).
 *
 * Writing follows RFC 4180: a cell holding `"`, `,`, CR or LF is quoted, its quotes doubled. A text
 * cell a spreadsheet would run as a formula — one beginning with `=`, `+`, `-`, `@`, tab or CR —
 * gets a leading `'` (OWASP's advice for CSV injection), so it opens as text. Numbers (JavaScript
 * `number`s and `bigint`s) are written as numbers, negative ones included; a number-looking string
 * is still text and neutralised when it begins with `-` or `+`.
 *
 * Reading follows RFC 4180 too (quoted cells may hold commas, doubled quotes and line breaks; CRLF
 * or LF ends a record); a leading UTF-8 BOM is dropped.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A cell's CSV text: numbers as numbers, text quoted when needed and never a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV record (no line end). */
export function csvRecord(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',');
}

/** A header and records as CSV text, one `\n` after every record. */
export function csvText(header: readonly string[], records: Iterable<readonly unknown[]>): string {
  const out = [csvRecord(header)];
  for (const r of records) out.push(csvRecord(r));
  return out.join('\n') + '\n';
}

/** Rows of objects as CSV text; the first row's keys are the header. */
export function toCsv(rows: readonly Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const keys = Object.keys(rows[0]);
  return csvText(
    keys,
    rows.map((r) => keys.map((k) => r[k])),
  );
}

/** A record read back: its cells and the line (1-based) it starts on. */
export interface CsvRecord {
  readonly cells: string[];
  readonly line: number;
}

/** Why the text is not CSV, and where. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Every record of CSV text (RFC 4180, plus bare LF line ends and a dropped leading BOM). Blank
 * lines are kept as a record of one empty cell, so callers may skip them. An unclosed quote, or
 * text after a closing quote before the next comma, is a `CsvSyntaxError` naming its line.
 */
export function parseCsv(text: string): CsvRecord[] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let line = 1;
  let start = 1;
  let i = 0;
  const n = s.length;
  if (n === 0) return records;
  for (;;) {
    let cell: string;
    if (s[i] === '"') {
      const opened = line;
      let parts = '';
      let j = i + 1;
      for (;;) {
        const q = s.indexOf('"', j);
        if (q < 0) throw new CsvSyntaxError(opened, 'a quoted cell is never closed');
        const chunk = s.slice(j, q);
        for (let k = 0; k < chunk.length; k++) if (chunk.charCodeAt(k) === 10) line++;
        parts += chunk;
        if (s[q + 1] === '"') {
          parts += '"';
          j = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      if (i < n && s[i] !== ',' && s[i] !== '\n' && !(s[i] === '\r' && s[i + 1] === '\n'))
        throw new CsvSyntaxError(line, `text after a closing quote: ${JSON.stringify(s[i])}`);
      cell = parts;
    } else {
      let j = i;
      while (j < n && s[j] !== ',' && s[j] !== '\n' && !(s[j] === '\r' && s[j + 1] === '\n')) j++;
      cell = s.slice(i, j);
      i = j;
    }
    cells.push(cell);
    if (i >= n) {
      records.push({ cells, line: start });
      return records;
    }
    if (s[i] === ',') {
      i++;
      if (i >= n) {
        cells.push('');
        records.push({ cells, line: start });
        return records;
      }
      continue;
    }
    i += s[i] === '\r' ? 2 : 1;
    records.push({ cells, line: start });
    line++;
    start = line;
    cells = [];
    if (i >= n) return records;
  }
}
