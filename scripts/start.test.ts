import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HASH_FILE, immutableAssets, inputsHash, isStale } from './start.ts';

const root = mkdtempSync(join(tmpdir(), 'slopack-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when the inputs changed', () => {
  it('hashes contents and paths; tests and node_modules do not count', () => {
    mkdirSync(join(root, 'src/a'), { recursive: true });
    writeFileSync(join(root, 'src/a/x.ts'), 'export const x = 1;\n');
    writeFileSync(join(root, 'index.html'), '<!doctype html>');
    const inputs = ['src', 'index.html', 'missing.json'];
    const first = inputsHash(root, inputs);
    expect(inputsHash(root, inputs)).toBe(first);
    writeFileSync(join(root, 'src/a/x.test.ts'), 'test');
    mkdirSync(join(root, 'src/node_modules'));
    writeFileSync(join(root, 'src/node_modules/y.js'), 'y');
    expect(inputsHash(root, inputs)).toBe(first);
    writeFileSync(join(root, 'src/a/x.ts'), 'export const x = 2;\n');
    const edited = inputsHash(root, inputs);
    expect(edited).not.toBe(first);
    writeFileSync(join(root, 'src/a/x.ts'), 'export const x = 1;\n');
    expect(inputsHash(root, inputs)).toBe(first);
    writeFileSync(join(root, 'src/a/z.ts'), '');
    expect(inputsHash(root, inputs)).not.toBe(first);
  });

  it('a build is stale when missing, unhashed, or made from other inputs', () => {
    const out = join(root, 'dist');
    expect(isStale(out, 'abc')).toBe(true);
    mkdirSync(out);
    writeFileSync(join(out, 'index.html'), '');
    expect(isStale(out, 'abc')).toBe(true);
    writeFileSync(join(out, HASH_FILE), 'abc\n');
    expect(isStale(out, 'abc')).toBe(false);
    expect(isStale(out, 'abd')).toBe(true);
  });
});

describe('npm start sends the hashed build files as immutable', () => {
  const headersFor = (url: string) => {
    const set = new Map<string, string>();
    let handler: ((req: { url?: string }, res: unknown, next: () => void) => void) | undefined;
    const hook = immutableAssets().configurePreviewServer as (server: unknown) => void;
    hook({ middlewares: { use: (f: typeof handler) => (handler = f) } });
    let passed = false;
    handler!(
      { url },
      { setHeader: (k: string, v: string) => set.set(k, v) },
      () => (passed = true),
    );
    return { cacheControl: set.get('Cache-Control'), passed };
  };

  it('marks /assets/ files immutable and leaves the page and the data to revalidate', () => {
    expect(headersFor('/assets/index-abc.js')).toEqual({
      cacheControl: 'public, max-age=31536000, immutable',
      passed: true,
    });
    expect(headersFor('/')).toEqual({ cacheControl: undefined, passed: true });
    expect(headersFor('/data/prepared/planetlab-20110303.scale-0.25.bin').cacheControl).toBe(
      undefined,
    );
  });
});
