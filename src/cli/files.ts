/**
 * The command line's writes, each failure named: the path, what was being done and why ("cannot
 * write /dev/full: no space left on device (ENOSPC)"), a usage error (exit code 2), never a stack.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { UsageError } from './args.ts';

const WHY: Record<string, string> = {
  ENOSPC: 'no space left on device',
  ENOENT: 'no such file or folder',
  EEXIST: 'something that is not a folder is already there',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  EROFS: 'read-only file system',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'name too long',
  EIO: 'input/output error',
};

/** Whether `e` is a failed system call (it carries an errno code). */
export function isSystemError(e: unknown): e is NodeJS.ErrnoException {
  return (
    e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string' && 'errno' in e
  );
}

/** One line naming what failed on `path`, from a system call's error. */
export function systemErrorText(e: NodeJS.ErrnoException, what: string, path?: string): string {
  const code = e.code ?? '';
  const why = WHY[code] ?? e.message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
  const where = path ?? e.path;
  return `cannot ${what}${where ? ` ${where}` : ''}: ${why}${code ? ` (${code})` : ''}`;
}

function asUsage(e: unknown, what: string, path: string): unknown {
  return isSystemError(e) ? new UsageError(systemErrorText(e, what, path)) : e;
}

/** Writes a whole output file; a failure names the path. */
export function writeOutput(path: string, data: string | Uint8Array): void {
  try {
    writeFileSync(path, data);
  } catch (e) {
    throw asUsage(e, 'write', path);
  }
}

/** Makes an output folder (and its parents); a failure names the path. */
export function makeFolder(path: string): void {
  try {
    mkdirSync(path, { recursive: true });
  } catch (e) {
    throw asUsage(e, 'create the folder', path);
  }
}
