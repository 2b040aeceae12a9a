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

export class IdPlaces {
  private readonly first = new Map<string, Place>();

  /** Records `id` at its place; a DataError naming both places if it was seen before. */
  add(id: string, file: string, line: number | null, where = ''): void {
    const seen = this.first.get(id);
    if (seen === undefined) {
      this.first.set(id, { file, line, where });
      return;
    }
    const at = (p: Place) =>
      `${p.file}${p.line === null ? '' : `, line ${p.line}`}${p.where ? ` ${p.where}` : ''}`;
    throw new DataError(
      file,
      line,
      `task id ${JSON.stringify(id)}${where ? ` ${where}` : ''} is given twice (first at ${at(seen)}): ids must be unique`,
    );
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
