/**
 * Archives of trace files (SPEC §10): a `.zip` (streamed through fflate's Unzip) or a `.tar`
 * (`.tar.gz` arrives already gunzipped from the streaming layer) is split into its members, each
 * handed to the sink `open` gives for it; members `open` refuses (an unrelated README, a folder)
 * are named in `skipped`. Only one member's chunk is held at a time, so memory stays bounded.
 */
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import type { ChunkSink } from './bytes.ts';
import { DataError } from './errors.ts';
import { inflateProblem } from './inflateLimits.ts';

type ArchiveKind = 'zip' | 'tar';

/** The archive kind from the first bytes (decompressed), or null for a plain file. */
export function archiveKind(head: Uint8Array): ArchiveKind | null {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4)
    return 'zip';
  if (head.length >= 262 && text(head, 257, 262) === 'ustar') return 'tar';
  return null;
}

/** Whether a member is a data file worth reading (not a folder, a dot file or a note). */
export function isDataMember(name: string): boolean {
  const base = name.replace(/^.*\//, '');
  return (
    base !== '' &&
    !base.startsWith('.') &&
    /\.(csv|json|npy|txt\.gz|csv\.gz)$/i.test(base) &&
    !/readme/i.test(base)
  );
}

/** A ChunkSink that splits an archive into member sinks. */
export function archiveSink(
  file: string,
  kind: ArchiveKind,
  open: (member: string) => ChunkSink | null,
  skipped: string[],
): ChunkSink {
  return kind === 'zip' ? zipSink(file, open, skipped) : new TarSink(file, open, skipped);
}

/**
 * Compressed bytes handed to fflate at a time: at deflate's ~1,030× at most, one piece inflates
 * to ~16 MiB, so a member that fails (a line past the cap, a bomb) stops within a piece.
 */
const ZIP_PIECE = 16 * 1024;

function zipSink(
  file: string,
  open: (m: string) => ChunkSink | null,
  skipped: string[],
): ChunkSink {
  let failure: unknown = null;
  let stored = 0;
  let inflated = 0;
  const unzip = new Unzip((member) => {
    if (member.name.endsWith('/')) return;
    if (member.name.includes('\0')) {
      skipped.push(`${shownName(member.name)} (a NUL byte in its name)`);
      return;
    }
    const sink = open(member.name);
    if (!sink) {
      skipped.push(member.name);
      return;
    }
    member.ondata = (err, data, final) => {
      if (failure) return;
      try {
        if (err)
          throw new DataError(`${file}: ${member.name}`, null, `cannot inflate: ${err.message}`);
        inflated += data.length;
        const problem = inflateProblem(inflated, stored, Infinity);
        if (problem) throw new DataError(`${file}/${member.name}`, null, problem);
        sink.push(data);
        if (final) sink.end();
      } catch (e) {
        failure = e;
      }
    };
    member.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  const push = (chunk: Uint8Array, final: boolean) => {
    for (let at = 0; at < chunk.length || (final && at === 0); at += ZIP_PIECE) {
      const piece = chunk.subarray(at, at + ZIP_PIECE);
      stored += piece.length;
      try {
        unzip.push(piece, final && at + ZIP_PIECE >= chunk.length);
      } catch (e) {
        if (e instanceof DataError) throw e;
        throw new DataError(file, null, `not a readable zip archive: ${(e as Error).message}`);
      }
      if (failure) throw failure;
    }
  };
  return {
    push: (chunk) => push(chunk, false),
    end: () => push(new Uint8Array(0), true),
  };
}

const BLOCK = 512;

/** Tar member types that point at another file: named in the notes, never followed. */
const LINK_TYPES: Record<string, string> = { '1': 'a hard link', '2': 'a symbolic link' };

/** A member name for a note: control bytes (a NUL) shown as \u escapes. */
function shownName(name: string): string {
  return JSON.stringify(name).slice(1, -1);
}

/** A streaming ustar/GNU tar reader: 512-byte headers, member data padded to 512. */
class TarSink implements ChunkSink {
  private header = new Uint8Array(BLOCK);
  private headerFill = 0;
  private remaining = 0;
  private padding = 0;
  private sink: ChunkSink | null = null;
  private longName: Uint8Array[] | null = null;
  private nextName: string | null = null;
  private ended = false;

  constructor(
    private readonly file: string,
    private readonly open: (m: string) => ChunkSink | null,
    private readonly skipped: string[],
  ) {}

  push(chunk: Uint8Array): void {
    let p = 0;
    while (p < chunk.length && !this.ended) {
      if (this.remaining > 0) {
        const n = Math.min(this.remaining, chunk.length - p);
        const part = chunk.subarray(p, p + n);
        if (this.longName) this.longName.push(part.slice());
        else this.sink?.push(part);
        this.remaining -= n;
        p += n;
        if (this.remaining === 0) this.memberDone();
      } else if (this.padding > 0) {
        const n = Math.min(this.padding, chunk.length - p);
        this.padding -= n;
        p += n;
      } else {
        const n = Math.min(BLOCK - this.headerFill, chunk.length - p);
        this.header.set(chunk.subarray(p, p + n), this.headerFill);
        this.headerFill += n;
        p += n;
        if (this.headerFill === BLOCK) {
          this.headerFill = 0;
          this.startMember();
        }
      }
    }
  }

  private startMember(): void {
    const h = this.header;
    if (h.every((b) => b === 0)) {
      this.ended = true;
      return;
    }
    if (text(h, 257, 262) !== 'ustar' && !/^[0-7 ]+\0?$/.test(text(h, 124, 136)))
      throw new DataError(this.file, null, 'not a tar archive (a broken member header)');
    const size = parseInt(text(h, 124, 136).trim() || '0', 8);
    const type = String.fromCharCode(h[156]);
    const prefix = text(h, 345, 500);
    const name = this.nextName ?? (prefix ? `${prefix}/` : '') + text(h, 0, 100);
    this.remaining = size;
    this.padding = (BLOCK - (size % BLOCK)) % BLOCK;
    this.sink = null;
    this.longName = null;
    if (type === 'L' || type === 'x') this.longName = [];
    else {
      this.nextName = null;
      if (type === '0' || type === '\0') {
        this.sink = this.open(name);
        if (!this.sink) this.skipped.push(name);
      } else if (LINK_TYPES[type] && isDataMember(name))
        this.skipped.push(`${name} (${LINK_TYPES[type]} to ${text(h, 157, 257)}, not followed)`);
    }
    if (size === 0) this.memberDone();
  }

  private memberDone(): void {
    const type = String.fromCharCode(this.header[156]);
    if (this.longName) {
      const all = concat(this.longName);
      const body = text(all, 0, all.length);
      this.nextName = type === 'L' ? body : (/(?:^|\n)\d+ path=([^\n]*)\n/.exec(body)?.[1] ?? null);
      this.longName = null;
    } else this.sink?.end();
    this.sink = null;
  }

  end(): void {
    if (this.remaining > 0 || this.headerFill > 0)
      throw new DataError(this.file, null, 'truncated tar archive');
  }
}

function text(b: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end && b[i] !== 0; i++) s += String.fromCharCode(b[i]);
  return s;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The first data member's name and first bytes of an archive's head (for format detection). */
export function firstMember(
  file: string,
  head: Uint8Array,
  kind: ArchiveKind,
): { name: string; head: Uint8Array } | null {
  let found: { name: string; parts: Uint8Array[] } | null = null;
  const sink = archiveSink(
    file,
    kind,
    (member) => {
      if (found || !isDataMember(member)) return null;
      const f = { name: member, parts: [] as Uint8Array[] };
      found = f;
      return { push: (c) => void f.parts.push(c.slice()), end() {} };
    },
    [],
  );
  try {
    sink.push(head);
  } catch {
    // A head cut mid-member is expected; what was read so far is enough.
  }
  const f = found as { name: string; parts: Uint8Array[] } | null;
  return f ? { name: f.name, head: concat(f.parts) } : null;
}
