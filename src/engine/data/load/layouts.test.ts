/**
 * What a user whose file no rule recognised is told (every format of the registry, each with a
 * file's name and first lines), and that each example is itself recognised as its format; a
 * plain wide CSV (`task,s0,s1,…`, a row per task) cut from the real PlanetLab day reads as the
 * published file does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../../../ingest/testing.ts';
import { formatEntries } from '../formats/registry.ts';
import { seriesAt } from '../samples/samples.ts';
import { DataError } from '../streams/errors.ts';
import { detectFormat, layoutExamples, resolveSpec } from './detect.ts';
import { createLoader } from './loader.ts';

const enc = (s: string) => new TextEncoder().encode(s);

function loadText(name: string, text: string) {
  const loader = createLoader(resolveSpec('auto', {}, name, enc(text)));
  const sink = loader.file(name, undefined as never);
  sink.push(enc(text));
  sink.end();
  const r = loader.finish();
  if (r.kind !== 'samples') throw new Error('expected samples');
  return r.samples;
}

describe('the layouts a file may have', () => {
  it('an unrecognised file is told every format of the registry, with a name and its first lines', () => {
    let message = '';
    try {
      resolveSpec('auto', {}, 'x.csv', enc('a;b\nc;d\n'));
    } catch (e) {
      expect(e).toBeInstanceOf(DataError);
      message = (e as Error).message;
    }
    expect(message).toMatch(/cannot tell the format/);
    expect(message).toContain(layoutExamples());
    const lines = message.split('\n');
    for (const entry of formatEntries()) {
      expect(message).toContain(entry.title);
      if (!entry.example) continue;
      const at = lines.findIndex((l) => l.endsWith(`(e.g. ${entry.example!.name}):`));
      expect(at, entry.id).toBeGreaterThan(0);
      const shown = (l: string) => l.replaceAll('\t', '\\t').slice(0, 100);
      entry.example.lines.forEach((l, k) => expect(lines[at + 1 + k]).toContain(shown(l)));
    }
  });

  it('each example, as a file of its name, is recognised as its own format', () => {
    const shown = formatEntries().filter((e) => e.example);
    expect(shown.length).toBeGreaterThanOrEqual(9);
    for (const { id, example } of shown) {
      const text = `${example!.lines.join('\n')}\n`;
      expect(detectFormat(example!.name, enc(text))?.format, id).toBe(id);
    }
  });

  it('a plain task,s0,s1,… CSV cut from the PlanetLab day reads as the published rows do', () => {
    const rows = readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv'), 'utf8')
      .trim()
      .split('\n');
    const published = [rows[0], ...rows.slice(1, 13)].join('\n');
    const samplesCount = rows[0].split(',').length - 2;
    const plain = [
      ['task', ...Array.from({ length: samplesCount }, (_, k) => `s${k}`)].join(','),
      ...rows.slice(1, 13).map((row) => row.split(',').slice(1).join(',')),
    ].join('\n');
    expect(detectFormat('plain.csv', enc(plain))?.format).toBe('wide');
    const fromPlain = loadText('plain.csv', `${plain}\n`);
    const fromPublished = loadText('planetlab_20110303.csv', `${published}\n`);
    expect(fromPlain.ids).toEqual(rows.slice(1, 13).map((r) => r.split(',')[1]));
    // The published file's ids carry its date column too.
    expect(fromPublished.ids).toEqual(
      rows.slice(1, 13).map((r) => r.split(',').slice(0, 2).join(':')),
    );
    for (let i = 0; i < fromPlain.ids.length; i++) {
      const series = Array.from(seriesAt(fromPlain.inst, i));
      expect(series).toHaveLength(samplesCount);
      expect(series).toEqual(Array.from(seriesAt(fromPublished.inst, i)));
    }
  });
});
