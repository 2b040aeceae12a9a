/**
 * Duplicate task ids, refused in every loader with both of their places: a task named twice (a
 * repeated wide-CSV row, a repeated column header) would otherwise load as two tasks of one id.
 */
import { DataError } from './errors.ts';

/** Where an id was first seen: a file and a line (or a column, for headers). */
interface Place {
  readonly file: string;
  readonly line: number | null;
  readonly where: string;
}

/**
 * Where each id was first seen, kept compact (an index per id, files and lines in flat arrays): a
 * load of millions of tasks holds only a small integer per id beside the id itself.
 */
export class IdPlaces {
  private readonly first = new Map<string, number>();
  private readonly files: string[] = [];
  private readonly fileOf: number[] = [];
  private readonly lineOf: number[] = [];
  private readonly whereOf = new Map<number, string>();

  /** Records `id` at its place; a DataError naming both places if it was seen before. */
  add(id: string, file: string, line: number | null, where = ''): void {
    const seen = this.first.get(id);
    if (seen === undefined) {
      const k = this.lineOf.length;
      if (this.files.at(-1) !== file) this.files.push(file);
      this.fileOf.push(this.files.length - 1);
      this.lineOf.push(line ?? -1);
      if (where) this.whereOf.set(k, where);
      this.first.set(id, k);
      return;
    }
    const at = (p: Place) =>
      `${p.file}${p.line === null ? '' : `, line ${p.line}`}${p.where ? ` ${p.where}` : ''}`;
    throw new DataError(
      file,
      line,
      `task id ${JSON.stringify(id)}${where ? ` ${where}` : ''} is given twice (first at ${at(this.place(seen))}): ids must be unique`,
    );
  }

  private place(k: number): Place {
    const line = this.lineOf[k];
    return {
      file: this.files[this.fileOf[k]],
      line: line < 0 ? null : line,
      where: this.whereOf.get(k) ?? '',
    };
  }
}

/** Refuses a header naming a task column twice, naming both columns (1-based). */
export function refuseRepeatedNames(
  names: readonly string[],
  offset: number,
  file: string,
  line: number,
): void {
  const places = new IdPlaces();
  names.forEach((n, i) => places.add(n, file, line, `(column ${offset + i + 1})`));
}
