/**
 * Archives as input to any loader (SPEC §10): a `.zip`, `.tar` or `.tar.gz` file is opened member
 * by member; data members go to the loader under `archive/member`, the others are named in the
 * report's notes and skipped.
 */
import { archiveKind, archiveSink, isDataMember } from './archive.ts';
import type { ChunkSink } from './bytes.ts';
import type { LoadResult } from '../samples/report.ts';

const ARCHIVE_NAME = /\.(zip|tar|tar\.gz|tgz)$/i;

/** Whether a file name is an archive's. */
export function isArchiveName(name: string): boolean {
  return ARCHIVE_NAME.test(name);
}

/** What `withArchives` wraps: any loader of files by name and role (loader.ts's DatasetLoader). */
interface FileLoader<F, R> {
  readonly format: F;
  file(name: string, role?: R): ChunkSink;
  finish(): LoadResult;
}

/** `loader` taking archives too: each data member is one of its files, role from its name. */
export function withArchives<F, R>(
  loader: FileLoader<F, R>,
  roleOf: (member: string) => R,
): FileLoader<F, R> {
  const skipped: string[] = [];
  return {
    format: loader.format,
    file(name, role) {
      if (!isArchiveName(name)) return loader.file(name, role);
      let inner: ChunkSink | null = null;
      return {
        push(chunk) {
          if (!inner) {
            const kind = archiveKind(chunk);
            inner = kind
              ? archiveSink(
                  name,
                  kind,
                  (m) => (isDataMember(m) ? loader.file(`${name}/${m}`, roleOf(m)) : null),
                  skipped,
                )
              : loader.file(name, role);
          }
          inner.push(chunk);
        },
        end() {
          inner?.end();
        },
      };
    },
    finish() {
      const r = loader.finish();
      if (skipped.length === 0) return r;
      return {
        ...r,
        report: {
          ...r.report,
          notes: [
            ...r.report.notes,
            `skipped in archives (not data files, links or unreadable names): ${skipped.join(', ')}`,
          ],
        },
      };
    },
  };
}
