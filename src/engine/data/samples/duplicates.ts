/**
 * Duplicate task ids, refused in every loader with both of their places: a task named twice (a
 * repeated wide-CSV row, a repeated column header) would otherwise load as two tasks of one id.
 */
import { DataError } from '../streams/errors.ts';

/** Where an id was first seen: a file and a line (or a column, for headers). */
interface Place {
  readonly file: string;
  readonly line: number | null;
  readonly where: string;
}

/**
 * Where each id was first seen, kept compact (an index per id, files and lines in flat arrays): a
 * load of millions of tasks holds only a few integers per id beside the id itself. The ids are
 * found through a table of their hashes (open addressing over typed arrays), cheaper to fill than
 * a `Map` of millions of strings; ids are compared only when their hashes agree.
 */
export class IdPlaces {
  private readonly ids: string[] = [];
  private readonly files: string[] = [];
  private readonly fileOf: number[] = [];
  private readonly lineOf: number[] = [];
  private readonly whereOf = new Map<number, string>();
  /** Slot → index of its id + 1 (0: empty), and the id's hash. */
  private slots = new Int32Array(1024);
  private hashes = new Int32Array(1024);

  /** Records `id` at its place; a DataError naming both places if it was seen before. */
  add(id: string, file: string, line: number | null, where = ''): void {
    const h = hashOf(id);
    const mask = this.slots.length - 1;
    let s = h & mask;
    for (let k = this.slots[s]; k !== 0; k = this.slots[s]) {
      if (this.hashes[s] === h && this.ids[k - 1] === id)
        return this.repeated(id, file, line, where, k - 1);
      s = (s + 1) & mask;
    }
    const k = this.ids.length;
    this.ids.push(id);
    this.slots[s] = k + 1;
    this.hashes[s] = h;
    if (this.files.at(-1) !== file) this.files.push(file);
    this.fileOf.push(this.files.length - 1);
    this.lineOf.push(line ?? -1);
    if (where) this.whereOf.set(k, where);
    if (2 * this.ids.length > this.slots.length) this.grow();
  }

  private repeated(
    id: string,
    file: string,
    line: number | null,
    where: string,
    seen: number,
  ): never {
    const at = (p: Place) =>
      `${p.file}${p.line === null ? '' : `, line ${p.line}`}${p.where ? ` ${p.where}` : ''}`;
    throw new DataError(
      file,
      line,
      `task id ${JSON.stringify(id)}${where ? ` ${where}` : ''} is given twice (first at ${at(this.place(seen))}): ids must be unique`,
    );
  }

  /** Doubles the table, placing each id again by its stored hash. */
  private grow(): void {
    const { slots, hashes } = this;
    this.slots = new Int32Array(2 * slots.length);
    this.hashes = new Int32Array(2 * slots.length);
    const mask = this.slots.length - 1;
    for (let o = 0; o < slots.length; o++) {
      if (slots[o] === 0) continue;
      let s = hashes[o] & mask;
      while (this.slots[s] !== 0) s = (s + 1) & mask;
      this.slots[s] = slots[o];
      this.hashes[s] = hashes[o];
    }
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

/** A 32-bit hash of a string's UTF-16 code units (FNV-1a, then mixed so the low bits spread). */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return h ^ (h >>> 13);
}
