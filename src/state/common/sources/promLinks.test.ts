// A Prometheus load's link carries the source alone; links made before (files beside it) still read.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CPU_QUERY, type PromSource } from '../../../engine/index.ts';
import { DEFAULT_PARAMS, type Params, type UploadRef } from '../store/params.ts';
import { uploadIsSource } from './promUrlFields.ts';
import { decode, encode } from '../link/url.ts';
import { writeOptions } from './uploadOptions.ts';

const SOURCE: PromSource = {
  url: 'http://127.0.0.1:9090',
  query: DEFAULT_CPU_QUERY,
  start: 1795532520,
  end: 1795618920,
  step: 60,
};

const ANSWER: UploadRef = {
  names: ['prometheus-1-of-2.json', 'prometheus-2-of-2.json'],
  hash: 'cd'.repeat(32),
  format: 'prometheus',
  options: {
    unit: 'cores',
    capacity: 8,
    query: SOURCE.query,
    step: SOURCE.step,
    rangeStart: SOURCE.start,
    rangeEnd: SOURCE.end,
  },
};

const loaded = (prom: PromSource, upload: UploadRef): Params => ({
  ...DEFAULT_PARAMS,
  dataset: 'upload',
  upload,
  scale: 1,
  prom,
});

describe('the link of a Prometheus load', () => {
  it('carries the source, not the chunks, their hash or the query twice', () => {
    const q = new URLSearchParams(encode(loaded(SOURCE, ANSWER)));
    for (const key of ['files', 'h', 'fmt', 'oh', 'o.pq', 'o.pstep', 'o.cap'])
      expect(q.has(key), key).toBe(false);
    expect(q.get('prom')).toBe(SOURCE.url);
    expect(q.get('pq')).toBe(SOURCE.query);
    expect(q.get('pcores')).toBeNull();
    const back = decode(q.toString());
    expect(back.params.prom).toEqual(SOURCE);
    expect(back.params.dataset).toBe('upload');
    expect(back.params.upload).toBeNull();
  });

  it('keeps node cores the user gave', () => {
    const q = new URLSearchParams(encode(loaded({ ...SOURCE, cores: 16 }, ANSWER)));
    expect(q.get('pcores')).toBe('16');
    expect(decode(q.toString()).params.prom).toEqual({ ...SOURCE, cores: 16 });
  });

  it('keeps the files of another load beside a source (an exported file, another range)', () => {
    const other = { ...ANSWER, options: { ...ANSWER.options!, rangeEnd: SOURCE.end + 60 } };
    expect(uploadIsSource(other, SOURCE)).toBe(false);
    const q = new URLSearchParams(encode(loaded(SOURCE, other)));
    expect(q.get('files')).toBe(other.names.join('|'));
    expect(q.get('h')).toBe(other.hash);
  });

  it('reads a link made before (files and options beside the source) as the source’s answer', () => {
    const q = new URLSearchParams(encode(loaded(SOURCE, ANSWER)));
    // What the writer put beside the source before: the chunks, their hash and the options.
    q.set('files', ANSWER.names.join('|'));
    q.set('h', ANSWER.hash);
    q.set('fmt', 'prometheus');
    writeOptions(ANSWER.hash, 'prometheus', ANSWER.options!, q);
    const back = decode(q.toString()).params;
    expect(back.prom).toEqual(SOURCE);
    expect(back.upload?.hash).toBe(ANSWER.hash);
    expect(uploadIsSource(back.upload, back.prom)).toBe(true);
  });
});
