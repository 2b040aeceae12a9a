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
