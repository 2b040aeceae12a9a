import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../../cli/testing/reduce.ts';
import { loadDataset } from '../../../ingest/load.ts';
import { blobInput } from '../../../ingest/stream.ts';
import { createLoader, type LoadSpec } from '../load/loader.ts';
import { detectFormat, resolveSpec } from '../load/detect.ts';
import { findFormat, formatEntries, registerFormat } from '../formats/registry.ts';
import { seriesAt } from '../samples/samples.ts';
import { HELLO_FORMAT } from './helloFormat.ts';

// The throwaway format is one file (helloFormat.ts) and this one registry line; nothing else names
// it, and each check below finds it where the loader, the command line and the page find formats.
registerFormat(HELLO_FORMAT);

const TEXT = 'hello\nweb 0.25 0.5 0.125\ndb 0.75 0.5 1\n';
const BYTES = new TextEncoder().encode(TEXT);
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'slopack-hello-'));
  writeFileSync(join(dir, 'tasks.hello'), TEXT);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SRC = join(import.meta.dirname, '../../..');

/** The source files (tests aside) under `src/`, relative to it. */
const sources = (): string[] =>
  readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  );

describe('a format added in one file and one registry line', () => {
  it('is named by its module alone, and the page and the command line list it from the registry', () => {
    // The trivial view of the view registry's test is also called hello (src/ui/testing/).
    const naming = sources().filter(
      (f) =>
        !f.startsWith(join('ui', 'testing')) &&
        /['"]hello['"]/.test(readFileSync(join(SRC, f), 'utf8')),
    );
    expect(naming).toEqual([join('engine', 'data', 'testing', 'helloFormat.ts')]);
    expect(formatEntries().map((e) => e.id)).toContain('hello');
    expect(formatEntries().at(-1)?.title).toBe(HELLO_FORMAT.title);
  });

  it("declares a format's options in its own module: no list of the formats' specs to extend", () => {
    const dir = join(SRC, 'engine', 'data', 'formats');
    const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const text = (f: string) => readFileSync(join(dir, f), 'utf8');
    const declared = (f: string) =>
      /declare module '\.\/spec\.ts' \{\s*interface FormatOptions \{\s*(?:\/\*\*[^]*?\*\/\s*)?(\w+):/.exec(
        text(f),
      )?.[1];
    const ownId = (f: string) => /^ {2}id: '(\w+)',$/m.exec(text(f))?.[1];
    const builtIn = formatEntries()
      .map((e): string => e.id)
      .filter((id) => id !== 'hello');
    // Each built-in format's module declares its own options, and only its own.
    const byModule = modules.filter((f) => ownId(f)).map((f) => [ownId(f), declared(f)]);
    expect(byModule.map(([id]) => id).sort()).toEqual([...builtIn].sort());
    for (const [id, options] of byModule) expect(options).toBe(id);
    // The shared types name no format: LoadSpec and FormatId are derived from the declarations.
    for (const f of ['spec.ts', 'entry.ts'])
      expect(builtIn.filter((id) => text(f).includes(`'${id}'`))).toEqual([]);
  });

  it('is detected from its name and first line, and only then', () => {
    expect(detectFormat('tasks.hello', BYTES)).toEqual({ format: 'hello', reason: 'a hello file' });
    expect(detectFormat('tasks.csv', BYTES)?.format).not.toBe('hello');
    expect(detectFormat('tasks.hello', new TextEncoder().encode('id,t0,t1\na,1,2\n'))?.format).toBe(
      'wide',
    );
    expect(findFormat('hello')?.title).toMatch(/a task per line/);
  });

  it('loads through the engine loader, its numbers as written', () => {
    const spec = resolveSpec('auto', { scale: 0.5 }, 'tasks.hello', BYTES);
    expect(spec).toEqual({ format: 'hello', scale: 0.5 });
    const loader = createLoader(spec);
    const sink = loader.file('tasks.hello');
    sink.push(BYTES.subarray(0, 9));
    sink.push(BYTES.subarray(9));
    sink.end();
    const r = loader.finish();
    if (r.kind !== 'samples') throw new Error('expected samples');
    expect(r.samples.ids).toEqual(['web', 'db']);
    expect([...seriesAt(r.samples.inst, 1)]).toEqual([0.375, 0.25, 0.5]);
    expect(r.report.format).toBe('hello');
  });

  it('refuses a bad sample by file and line', () => {
    const loader = createLoader({ format: 'hello' } as unknown as LoadSpec);
    const sink = loader.file('bad.hello');
    sink.push(new TextEncoder().encode('hello\nweb 0.25 1.5\n'));
    sink.end();
    expect(() => loader.finish()).toThrow(/bad\.hello.*2.*"1\.5" is not a fraction of a machine/);
  });

  it("is read by the command line's --data", async () => {
    const { code, out } = await cli('inspect', '--data', join(dir, 'tasks.hello'), '--json');
    expect(code).toBe(0);
    const report = JSON.parse(out.join('\n'));
    expect(JSON.stringify(report)).toContain('"hello"');
    expect(JSON.stringify(report)).toMatch(/"tasksKept":2/);
  });

  it("is read by the page's upload path (the ingestion its worker runs on a File)", async () => {
    const file = new File([BYTES], 'tasks.hello');
    const loaded = await loadDataset([blobInput(file)], { format: 'auto' });
    expect(loaded.spec.format).toBe('hello');
    if (loaded.kind !== 'samples') throw new Error('expected samples');
    expect(loaded.samples.ids).toEqual(['web', 'db']);
    expect([...seriesAt(loaded.samples.inst, 0)]).toEqual([0.25, 0.5, 0.125]);
  });
});
