/** A problem in user data, naming the file, the line (1-based, when known) and the reason. */
export class DataError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(line === null ? `${file}: ${reason}` : `${file}, line ${line}: ${reason}`);
    this.name = 'DataError';
  }
}

/** Rows were read but the filters kept no task: on a file's first rows alone this proves nothing. */
export class FilteredEmpty extends DataError {}
