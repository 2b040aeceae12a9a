import { describe, expect, it } from 'vitest';
import { parseDecimal } from './streams/bytes.ts';
import { decodeCompact, encodeCompact } from './readers/compact.ts';
import { DataError } from './streams/errors.ts';
import { detectFormat, resolveSpec } from './load/detect.ts';
import { createLoader, type LoadSpec } from './load/loader.ts';
import { encodeNpy, parseNpy } from './readers/npy.ts';
import { conversion, convert } from './units/units.ts';
import { parseWideCsv } from './readers/wide.ts';
import { seriesAt, seriesList } from './samples/samples.ts';

const enc = (s: string) => new TextEncoder().encode(s);

/** Loads named texts (or bytes) with a spec, each file pushed in chunks of `chunk` bytes. */
function load(spec: LoadSpec, files: [string, string | Uint8Array, string?][], chunk = 7) {
  const loader = createLoader(spec);
  for (const [name, content, role] of files) {
    const bytes = typeof content === 'string' ? enc(content) : content;
    const sink = loader.file(name, role as never);
    for (let i = 0; i < bytes.length; i += chunk) sink.push(bytes.subarray(i, i + chunk));
    sink.end();
  }
  return loader.finish();
}

function samples(spec: LoadSpec, files: [string, string | Uint8Array, string?][], chunk = 7) {
  const r = load(spec, files, chunk);
  if (r.kind !== 'samples') throw new Error('expected samples');
  return r;
}

describe('parseDecimal reads numbers from bytes exactly as Number() does', () => {
  it.each([
    '0',
    '1',
    '-0.5',
    '+3',
    '22.492',
    '0.0001869',
    '2.861e-06',
    '1E5',
    '29.259994499999998',
    '123456789012345678',
    '1e-30',
    '5.',
    '.5',
    ' 7 ',
    '4155527081',
    '9223372036854775807',
  ])('%s', (text) => {
    expect(parseDecimal(enc(text), 0, text.length)).toBe(Number(text));
  });

  it.each([
    '',
    ' ',
    'abc',
    '1e',
    '--1',
    '1.2.3',
    'NaN',
    'Infinity',
    '0x10',
    '1,5',
    '.',
    'e5',
    '"1"',
  ])('rejects %j as NaN', (text) => {
    expect(parseDecimal(enc(text), 0, text.length)).toBeNaN();
  });
});

describe('units (SPEC §2)', () => {
  it('percent: value / 100 × scale; fraction: value × scale; absolute: value / capacity × scale', () => {
    expect(convert(37, conversion({ unit: 'percent', scale: 0.25 }))).toBe((37 / 100) * 0.25);
    expect(convert(0.4, conversion({ unit: 'fraction', scale: 2 }))).toBe(0.8);
    expect(convert(2600, conversion({ unit: 'absolute', scale: 1, capacity: 83200 }))).toBe(
      2600 / 83200,
    );
  });

  it('rejects bad unit options, naming the value', () => {
    expect(() => conversion({ unit: 'percent', scale: 0 })).toThrow(/invalid scale: 0/);
    expect(() => conversion({ unit: 'absolute', scale: 1 })).toThrow(/invalid capacity/);
    expect(() => conversion({ unit: 'kelvin' as never, scale: 1 })).toThrow(/invalid unit: kelvin/);
  });
});

describe('wide CSV', () => {
  const text = 'date,vm,t0,t1,t2\n20110303,a b,10,20,30\r\n20110303,c,0,100,5\n\n';

  it('takes the columns from t0 on as samples, the ones before as the id', () => {
    const r = samples({ format: 'wide', unit: 'percent', scale: 0.5 }, [['w.csv', text]]);
    expect(r.samples.ids).toEqual(['20110303:a b', '20110303:c']);
    expect(Array.from(seriesAt(r.samples.inst, 1))).toEqual([0, 0.5, (5 / 100) * 0.5]);
    expect(r.report.files[0].lines).toBe(4);
  });

  it('gives the same result whatever the chunk size', () => {
    const whole = samples({ format: 'wide', scale: 1 }, [['w.csv', text]], 1 << 20);
    for (const chunk of [1, 2, 3, 5, 13])
      expect(samples({ format: 'wide', scale: 1 }, [['w.csv', text]], chunk).samples).toEqual(
        whole.samples,
      );
  });

  it('keeps the first N tasks when asked, counting the rest', () => {
    const r = samples({ format: 'wide', scale: 1, maxTasks: 1 }, [['w.csv', text]]);
    expect(r.samples.ids).toHaveLength(1);
    expect(r.report.tasksRead).toBe(2);
    expect(r.report.filters).toContainEqual(expect.objectContaining({ id: 'maxTasks', count: 1 }));
  });

  it('appends the tasks of several files', () => {
    const r = samples({ format: 'wide', scale: 1 }, [
      ['a.csv', 'id,t0\nx,1\n'],
      ['b.csv', 'id,t0,t1\ny,2,3\n'],
    ]);
    expect(r.samples.ids).toEqual(['x', 'y']);
    expect(seriesAt(r.samples.inst, 1)).toHaveLength(2);
  });

  it('parseWideCsv still reads text (the old API)', () => {
    const s = parseWideCsv('vm_id,t0,t1\nv,50,100\n', 'x.csv', { scale: 0.25, percent: true });
    expect(Array.from(seriesAt(s.inst, 0))).toEqual([0.125, 0.25]);
    const f = parseWideCsv('vm_id,t0\nv,0.5\n', 'x.csv', { scale: 1, percent: false });
    expect(seriesAt(f.inst, 0)[0]).toBe(0.5);
  });

  it('clamps above the unit only when asked, and counts it', () => {
    const t = 'id,t0,t1\nv,50,101\n';
    expect(() => samples({ format: 'wide', scale: 1 }, [['c.csv', t]])).toThrow(
      /c\.csv, line 2: "101" in column t1 is above 100 %/,
    );
    const r = samples({ format: 'wide', scale: 1, clamp: true }, [['c.csv', t]]);
    expect(seriesAt(r.samples.inst, 0)[1]).toBe(1);
    expect(r.report.filters).toContainEqual(expect.objectContaining({ id: 'clamped', count: 1 }));
  });
});

describe('column-per-task CSV', () => {
  it('one column per task after the time column; an avg file pairs row by row', () => {
    const inst = 't_index,vm_a,vm_b\n1,10,20\n2,30,40\n3,50,60\n';
    const avg = 't_index,vm_a,vm_b\n1,5,10\n2,15,20\n3,25,30\n';
    const r = samples({ format: 'columns', unit: 'percent', scale: 1 }, [
      ['max.csv', inst, 'inst'],
      ['avg.csv', avg, 'avg'],
    ]);
    expect(r.samples.ids).toEqual(['vm_a', 'vm_b']);
    expect(Array.from(seriesAt(r.samples.inst, 1))).toEqual([0.2, 0.4, 0.6]);
    expect(Array.from(seriesAt(r.samples.avg!, 0))).toEqual([0.05, 0.15, 0.25]);
  });

  it('refuses an avg file that does not pair with the inst file', () => {
    const inst = 't,a,b\n1,1,2\n2,3,4\n';
    expect(() =>
      samples({ format: 'columns', scale: 1 }, [
        ['i.csv', inst, 'inst'],
        ['a.csv', 't,a,c\n1,1,2\n2,3,4\n', 'avg'],
      ]),
    ).toThrow(/a\.csv, line 1: the avg file’s task columns differ/);
    expect(() =>
      samples({ format: 'columns', scale: 1 }, [
        ['i.csv', inst, 'inst'],
        ['a.csv', 't,a,b\n1,1,2\n', 'avg'],
      ]),
    ).toThrow(/a\.csv: 1 data rows, the inst file has 2/);
  });

  it('without a time-like first header every column is a task', () => {
    const r = samples({ format: 'columns', scale: 1 }, [['c.csv', 'a,b\n1,2\n3,4\n']]);
    expect(r.samples.ids).toEqual(['a', 'b']);
  });
});

describe('long CSV', () => {
  const text = 'vm,ts,cpu,cores\n1,0,10,2\n1,1,20,2\n"x,y",0,30,4\n1,2,40,2\n';

  it('groups rows by the id column in first-appearance order, values in file order', () => {
    const r = samples(
      { format: 'long', idColumn: 'vm', valueColumn: 'cpu', unit: 'percent', scale: 1 },
      [['l.csv', text]],
    );
    expect(r.samples.ids).toEqual(['1', 'x,y']);
    expect(Array.from(seriesAt(r.samples.inst, 0))).toEqual([0.1, 0.2, 0.4]);
    expect(Array.from(seriesAt(r.samples.inst, 1))).toEqual([0.3]);
  });

  it('columns by 1-based number; a scale column multiplies each row', () => {
    const r = samples(
      { format: 'long', idColumn: 1, valueColumn: '3', scaleColumn: 'cores', scale: 0.5 },
      [['l.csv', text]],
    );
    expect(seriesAt(r.samples.inst, 1)[0]).toBe((30 / 100) * 0.5 * 4);
  });

  it('names the columns there are when a chosen one is missing', () => {
    expect(() =>
      samples({ format: 'long', idColumn: 'vm', valueColumn: 'usage', scale: 1 }, [
        ['l.csv', text],
      ]),
    ).toThrow(/l\.csv, line 1: no value column "usage" \(the header has: vm, ts, cpu, cores\)/);
  });
});

describe('.npy', () => {
  it('(N, T) samples, with units; avg paired by name', () => {
    const inst = encodeNpy(Float32Array.from([10, 20, 30, 40, 50, 60]), [2, 3]);
    const avg = encodeNpy(Float64Array.from([1, 2, 3, 4, 5, 6]), [2, 3]);
    const r = samples({ format: 'npy', unit: 'percent', scale: 0.5 }, [
      ['x.npy', inst],
      ['x_avg.npy', avg],
    ]);
    expect(r.samples.ids).toEqual(['0', '1']);
    expect(Array.from(seriesAt(r.samples.inst, 1))).toEqual([0.2, 0.25, 0.3]);
    expect(seriesAt(r.samples.avg!, 0)[2]).toBe(0.015);
  });

  it('uint16 samples', () => {
    const bytes = parseNpy(encodeNpy(Float32Array.from([1, 2]), [1, 2]));
    expect(bytes.dtype).toBe('<f4');
    const u16 = new Uint8Array(encodeNpy(Float32Array.from([0, 0]), [1, 2]));
    // rewrite the header's dtype to <u2 with the same header length, then 2 uint16 values
    const text = new TextDecoder().decode(
      u16.subarray(10, 10 + new DataView(u16.buffer).getUint16(8, true)),
    );
    const header = text.replace("'<f4'", "'<u2'");
    const out = new Uint8Array(10 + header.length + 4);
    out.set(u16.subarray(0, 10));
    out.set(enc(header), 10);
    new DataView(out.buffer).setUint16(10 + header.length, 25, true);
    new DataView(out.buffer).setUint16(12 + header.length, 75, true);
    const r = samples({ format: 'npy', unit: 'percent', scale: 1 }, [['u.npy', out]]);
    expect(Array.from(seriesAt(r.samples.inst, 0))).toEqual([0.25, 0.75]);
  });

  it('a ready (N, R) realization matrix as float32', () => {
    const r = load({ format: 'npy', kind: 'realizations' }, [
      ['m.npy', encodeNpy(Float64Array.from([0.1, 0.2, 0.3, 0.4]), [2, 2])],
    ]);
    expect(r.kind).toBe('matrix');
    if (r.kind === 'matrix') {
      expect(r.inst.rows).toBe(2);
      expect(r.inst.data[3]).toBe(Math.fround(0.4));
    }
  });

  it('names the row and column of a bad value', () => {
    const bad = encodeNpy(Float32Array.from([0.1, -0.2]), [1, 2]);
    expect(() => load({ format: 'npy' }, [['b.npy', bad]])).toThrow(
      /b\.npy: value -0\.2\d* at row 0, column 1 is negative/,
    );
  });
});

describe('compact per-task format', () => {
  it('round-trips ids, samples (as float32), requests and the report', () => {
    const r = samples({ format: 'wide', unit: 'percent', scale: 0.25 }, [
      ['w.csv', 'id,t0,t1,t2\na,1,2,3\nb,4,5,6\n'],
    ]);
    const withAvg = {
      ...r.samples,
      avg: seriesList(r.samples.inst).map((x) => x.map((v) => v / 2)),
      requests: { cpu: Float64Array.from([0.1, NaN]), memory: Float64Array.from([NaN, 0.2]) },
    };
    const files = encodeCompact(withAvg, r.report, { format: 'wide', scale: 0.25 }, 'w.npy');
    const back = load({ format: 'compact' }, [
      ['w.json', files.json],
      ['w.npy', files.npy],
    ]);
    if (back.kind !== 'samples') throw new Error('samples');
    expect(back.samples.ids).toEqual(['a', 'b']);
    for (let i = 0; i < 2; i++) {
      expect(Array.from(seriesAt(back.samples.inst, i))).toEqual(
        Array.from(Float32Array.from(seriesAt(withAvg.inst, i))),
      );
      expect(Array.from(seriesAt(back.samples.avg!, i))).toEqual(
        Array.from(Float32Array.from(withAvg.avg[i])),
      );
    }
    expect(back.samples.requests!.cpu[0]).toBe(0.1);
    expect(back.samples.requests!.cpu[1]).toBeNaN();
    expect(back.report.tasksRead).toBe(2);
    expect(back.report.units).toMatch(/percent × scale 0\.25/);
  });

  it('rejects a sidecar that does not match its samples', () => {
    const r = samples({ format: 'wide', scale: 1 }, [['w.csv', 'id,t0\na,1\n']]);
    const files = encodeCompact(r.samples, r.report, {}, 'w.npy');
    const other = encodeNpy(new Float32Array(3), [3]);
    expect(() => decodeCompact(files.json, parseNpy(other), 'w.json')).toThrow(
      /w\.npy: shape \(3\) does not match the sidecar \(1\)/,
    );
    expect(() => decodeCompact('{"format":"x"}', parseNpy(files.npy), 's.json')).toThrow(
      /s\.json: not a slopack-tasks sidecar/,
    );
    expect(() => decodeCompact('{', parseNpy(files.npy), 's.json')).toThrow(
      /s\.json: not valid JSON/,
    );
  });
});

describe('format detection', () => {
  it.each([
    ['task_usage_part-00000.csv', '1,2,3', 'google'],
    ['x.csv', Array.from({ length: 20 }, (_, i) => i).join(',') + '\n', 'google'],
    ['x.csv', 'date,vm,t0,t1\n1,a,2,3\n', 'wide'],
    ['x.csv', 't_index,vm_1,vm_2\n1,2,3\n', 'columns'],
    ['x.csv', 'vm_id,ts,cpu\n1,0,5\n1,1,6\n', 'long'],
    ['x.npy', '', 'npy'],
    ['x.json', '{}', 'compact'],
  ])('%s with %j is %s', (name, head, format) => {
    expect(detectFormat(name, enc(head))?.format).toBe(format);
  });

  it('says so when it cannot tell, listing the formats', () => {
    expect(detectFormat('x.csv', enc('hello world\n'))).toBeNull();
    expect(() => resolveSpec('auto', {}, 'x.csv', enc('hello world\n'))).toThrow(DataError);
    expect(() => resolveSpec('auto', {}, 'x.csv', enc('hello\n'))).toThrow(
      /cannot tell the format/,
    );
  });

  it('a plain wide CSV (a task column, then numbered samples) is read; the message shows each layout', () => {
    const text = 'task,s0,s1,s2\nweb,10,20,30\ndb,5,6,7\n';
    expect(detectFormat('x.csv', enc(text))?.format).toBe('wide');
    expect(detectFormat('x.csv', enc('vm,1,2,3\na,1,2,3\nb,1,2,3\n'))?.format).toBe('wide');
    // Numbered columns of a row per sample (the first field repeats), or not in order: not wide.
    expect(detectFormat('x.csv', enc('vm,s0,s1\na,1,2\na,3,4\n'))?.format).not.toBe('wide');
    expect(detectFormat('x.csv', enc('task,s0,s2,s1\na,1,2,3\nb,1,2,3\n'))).toBeNull();
    const spec = resolveSpec('auto', {}, 'x.csv', enc(text));
    const r = samples(spec, [['x.csv', enc(text)]]);
    expect(r.samples.ids).toEqual(['web', 'db']);
    expect(Array.from(seriesAt(r.samples.inst, 0))).toEqual([0.1, 0.2, 0.3]);
    const e = (() => {
      try {
        resolveSpec('auto', {}, 'x.csv', enc('a;b\nc;d\n'));
      } catch (x) {
        return x as DataError;
      }
    })();
    expect(e).toBeInstanceOf(DataError);
    const lines = e!.message.split('\n');
    for (const head of ['id,s0,s1,s2', 'time,vm1,vm2', 'vm_id,timestamp_s,cpu_pct'])
      expect(lines[lines.indexOf(`  ${head}`) + 1]).toMatch(/^ {2}\S+,/);
  });

  it('fills defaults: percent of a whole machine (scale 1) for CSV, a long CSV’s id and value columns', () => {
    expect(resolveSpec('auto', {}, 'x.csv', enc('id,t0\na,1\n'))).toEqual({
      format: 'wide',
      unit: 'percent',
      scale: 1,
    });
    expect(resolveSpec('auto', { unit: 'fraction' }, 'x.csv', enc('id,t0\na,1\n'))).toEqual({
      format: 'wide',
      unit: 'fraction',
      scale: 1,
    });
    expect(
      resolveSpec('long', {}, 'x.csv', enc('vm_id,timestamp_s,cpu_usage_mhz,cpu_usage_pct\n')),
    ).toMatchObject({ idColumn: 'vm_id', valueColumn: 'cpu_usage_pct' });
  });
});
