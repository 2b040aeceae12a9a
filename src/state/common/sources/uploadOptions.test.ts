// A link to uploaded files carries every loader option, checked together with the files' hash.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSpec, type LoadSpec } from '../../../engine/index.ts';
import { DEFAULT_PARAMS, pinnedOf, type Params, type UploadRef } from '../store/params.ts';
import { decode, encode } from '../link/url.ts';
import { OPTION_ROWS, differences, optionsOfSpec, type LoaderOptions } from './uploadOptions.ts';

const HASH = 'ab'.repeat(32);

/** A value for every option a loader takes (each differs from every loader default). */
const EVERY_OPTION: Required<LoaderOptions> = {
  unit: 'cores',
  capacity: 16,
  coresPerMachine: 12,
  clamp: true,
  skipBadLines: true,
  duplicates: 'refuse',
  maxTasks: 500,
  firstSampleColumn: 2,
  timeColumns: 1,
  idColumn: 'vm_id',
  valueColumn: 3,
  avgColumn: 'avg_cpu',
  scaleColumn: 'vcpus',
  timeColumn: 'timestamp_s',
  filters: { minRecords: 12, dropAllZeroInst: false, replaceAvgAboveOne: true, dropFailed: false },
  sample: { tasks: 300, seed: 9 },
  kind: 'samples',
  idLabel: 'pod',
  query: 'sum by (pod) (rate(container_cpu_usage_seconds_total{container!=""}[5m]))',
  step: 60,
  rangeStart: 1795532520,
  rangeEnd: 1795618920,
};

function withUpload(upload: UploadRef, scale = 1): Params {
  return { ...DEFAULT_PARAMS, dataset: 'upload', upload, scale };
}

describe('upload options in the link', () => {
  it('every option has a row and comes back from the link as it was', () => {
    expect(Object.keys(OPTION_ROWS).sort()).toEqual(Object.keys(EVERY_OPTION).sort());
    const p = withUpload({
      names: ['a.csv', 'b.csv'],
      hash: HASH,
      format: 'long',
      options: EVERY_OPTION,
    });
    const { params, notices } = decode(encode(p));
    expect(notices).toEqual([]);
    expect(params.upload).toEqual(p.upload);
    expect(encode(params)).toBe(encode(p));
  });

  it('the issue’s case: a CSV in cores at 16 cores per machine keeps unit and cores', () => {
    const head = readFileSync(
      resolve(
        import.meta.dirname,
        '../../../../../shared/data/planetlab-cloudsim/planetlab_20110303.csv',
      ),
    ).subarray(0, 4096);
    const spec = resolveSpec('columns', { unit: 'cores', coresPerMachine: 16 }, 'x.csv', head);
    const upload = {
      names: ['sre_cores.csv'],
      hash: HASH,
      format: spec.format,
      options: optionsOfSpec(spec),
    };
    const query = encode(withUpload(upload));
    expect(query).toMatch(/o\.unit=cores/);
    expect(query).toMatch(/o\.cap=16/);
    expect(decode(query).params.upload?.options).toEqual({ unit: 'cores', capacity: 16 });
  });

  it('an option edited in the link is refused, with the files part, by a notice', () => {
    const p = withUpload({
      names: ['sre_cores.csv'],
      hash: HASH,
      format: 'columns',
      options: { unit: 'cores', capacity: 16 },
    });
    const tampered = encode(p).replace('o.cap=16', 'o.cap=32');
    expect(tampered).not.toBe(encode(p));
    const { params, notices } = decode(tampered);
    expect(params.upload).toBeNull();
    expect(notices.join()).toMatch(/loader options do not match its check/);
    // An option added by hand fails the check too; so does a bad value.
    expect(decode(`${encode(p)}&o.clamp=1`).params.upload).toBeNull();
    const bad = decode(encode(p).replace('o.unit=cores', 'o.unit=furlongs'));
    expect(bad.params.upload).toBeNull();
    expect(bad.notices.join()).toMatch(/o\.unit="furlongs": not a valid unit/);
  });

  it('a link made before links carried options reads with options null (unchecked)', () => {
    const { params, notices } = decode(`v=2&d=upload&files=a.csv&h=${HASH}&fmt=columns&s=1`);
    expect(notices).toEqual([]);
    expect(params.upload).toEqual({
      names: ['a.csv'],
      hash: HASH,
      format: 'columns',
      options: null,
    });
  });

  it('the pinned side of an A/B comparison carries its options too', () => {
    const upload = {
      names: ['a.csv'],
      hash: HASH,
      format: 'wide',
      options: { unit: 'percent' as const },
    };
    const p: Params = { ...DEFAULT_PARAMS, pinned: pinnedOf(withUpload(upload, 0.25)) };
    expect(decode(encode(p)).params.pinned?.upload).toEqual(upload);
  });
});

describe('differences between a load and the link', () => {
  const link = {
    format: 'columns',
    options: { unit: 'cores', capacity: 16 } as LoaderOptions,
    scale: 1,
  };
  const spec = (o: object) => ({ format: 'columns', unit: 'cores', scale: 1, ...o }) as LoadSpec;

  it('none for the same load; each changed option named in the user’s words', () => {
    expect(differences(link, spec({ capacity: 16 }))).toEqual([]);
    expect(differences(link, spec({ capacity: 32 }))).toEqual([
      'cores per machine 32 (the link: 16)',
    ]);
    expect(differences(link, spec({ capacity: 16, scale: 0.25 }))).toEqual([
      'Task size 0.25 (the link: 1)',
    ]);
    expect(differences(link, spec({ capacity: 16, clamp: true }))).toEqual([
      'clamp values above a machine true (the link: unset)',
    ]);
    expect(
      differences(link, { format: 'wide', unit: 'cores', scale: 1, capacity: 16 } as LoadSpec),
    ).toEqual(['format wide (the link: columns)']);
  });
});
