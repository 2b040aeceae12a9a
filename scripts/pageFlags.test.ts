import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setting, settingIn } from '../src/engine/settings.ts';
import { FLAG_NAMES, flagsIn, pageFiles } from './pageFlags.ts';

const PAGE = pageFiles();
const flags = (text: string) => flagsIn('src/x.ts', text).map((f) => f.flag);

describe('command-line flags in what the page shows', () => {
  it("reads the page's modules, workers included, and not the command line's", () => {
    const files = PAGE;
    expect(files).toContain('src/engine/data/samples/repeats.ts');
    expect(files).toContain('src/ingest/prometheusSource.ts');
    expect(files).toContain('workers/engine.worker.ts');
    expect(files.some((f) => f.startsWith('src/cli/'))).toBe(false);
    expect(files.some((f) => /\.test\.tsx?$/.test(f))).toBe(false);
  });

  it('finds a flag in a string, a template, a built flag and JSX text, but not in a comment', () => {
    expect(flags("throw new RangeError('give --step seconds');")).toEqual(['--step']);
    expect(flags('const m = `${n} repeats; --duplicates refuse refuses them`;')).toEqual([
      '--duplicates',
    ]);
    expect(flags('const m = `--${what} ${text}: bad`;')).toEqual(['--']);
    expect(flagsIn('src/x.tsx', 'const p = <p>give --now here</p>;').map((f) => f.flag)).toEqual([
      '--now',
    ]);
    expect(flags('// give --step\n/** --now */\nconst x = a--;')).toEqual([]);
  });

  it("lets other programs' flags through", () => {
    expect(flags("const s = 'start Prometheus with --web.cors.origin=x';")).toEqual([]);
  });

  it("no text of the page's modules names one of our flags", () => {
    const found = PAGE.filter((f) => f !== FLAG_NAMES).flatMap((f) =>
      flagsIn(f, readFileSync(f, 'utf8')),
    );
    expect(found.map((f) => `${f.file}:${f.line} ${f.flag}`)).toEqual([]);
  });
});

describe('a setting named in both worlds', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names its flag on the command line and its field, else the option without dashes, on the page', () => {
    expect(settingIn('cli', 'step seconds')).toBe('--step seconds');
    expect(settingIn('page', 'min-coverage')).toBe("the command line's min-coverage");
    expect(settingIn('page', 'format', 'Format, in the upload options')).toBe(
      'Format, in the upload options',
    );
  });

  it("tells the worlds apart by the global scope: Node's, a page's, a Web Worker's", () => {
    const refuse = ['duplicates refuse', 'ticking "refuse a repeated timestamp"'] as const;
    expect(setting(...refuse)).toBe('--duplicates refuse');
    vi.stubGlobal('document', {});
    expect(setting(...refuse)).toBe(refuse[1]);
    vi.unstubAllGlobals();
    vi.stubGlobal('WorkerGlobalScope', function WorkerGlobalScope() {});
    expect(setting(...refuse)).toBe(refuse[1]);
  });
});
