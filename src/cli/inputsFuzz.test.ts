/**
 * Seeded fuzzing of what a user hands the program: every number option of every command with
 * hostile values, mutated real `.gz` files through the whole-file reader, and random `#z=`
 * fragments through the link decoder. Each must end in a message (exit code 2, or a DataError, or a
 * notice): no stack trace, no other exception, no silent null. The default run is short;
 * `SLOPACK_FUZZ_RUNS=500 npx vitest run src/cli/inputsFuzz.test.ts` runs longer, and
 * `SLOPACK_FUZZ_SEED` picks another seed.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DataError } from '../engine/index.ts';
import { decodeAddress, loadLinkCodec } from '../state/common/link/linkAddress.ts';
import { COMMANDS } from './commands/index.ts';
import { readWholeFile } from './inflate.ts';
import { SHARED } from './testing/peer.ts';
import { inProcess } from './testing/run.ts';

const RUNS = Number.parseInt(process.env.SLOPACK_FUZZ_RUNS ?? '', 10) || 40;
const SEED = Number.parseInt(process.env.SLOPACK_FUZZ_SEED ?? '', 10) || 49;
const dir = mkdtempSync(join(tmpdir(), 'slopack-fuzz-'));

const HOSTILE = [
  '1e308',
  '-1e308',
  '2.5e-324',
  '1e-400',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b1',
  '',
  ' 5',
  '5abc',
  '1_000',
  '１',
  '__proto__',
  '-0',
  '9007199254740993',
  '1e6',
  '17',
  '-1',
];

/** Every number option of every command, as [command, flag]. */
const NUMBER_FLAGS = Object.entries(COMMANDS).flatMap(([name, c]) =>
  Object.entries(c.options)
    .filter(([, spec]) => spec.kind === 'number')
    .map(([flag]) => [name, flag] as const),
);

function messageOnly(stderr: string, command: string): void {
  expect(stderr).not.toMatch(/\n\s+at .*:\d+:\d+/);
  expect(stderr).toMatch(new RegExp(`^slopack ${command}: \\S`));
  expect(stderr).not.toMatch(/\b(undefined|null|NaN)\b(?! is| as|")/);
}

describe('fuzz: command-line options', () => {
  it('finds number options in every command', () => {
    expect(new Set(NUMBER_FLAGS.map(([c]) => c)).size).toBeGreaterThan(10);
  });

  it('a hostile value in any number option ends in a message, exit code 2, at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...NUMBER_FLAGS),
        fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 12 })),
        async ([command, flag], value) => {
          // A last unknown option: a value the flag accepts still ends in a usage error, not a run.
          const r = await inProcess(command, `--${flag}`, value, '--no-such-option-fuzz');
          expect(r.status).toBe(2);
          messageOnly(r.stderr, command);
        },
      ),
      { seed: SEED, numRuns: RUNS * 5 },
    );
  });

  it('inherited names are unknown options in every command', async () => {
    for (const command of Object.keys(COMMANDS))
      for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
        const r = await inProcess(command, `--${key}`, '5');
        expect(r.status).toBe(2);
        expect(r.stderr).toMatch(new RegExp(`unknown option --${key}`));
      }
  });
});

describe('fuzz: mutated real gzip through the whole-file reader', () => {
  const real = readFileSync(join(SHARED, 'data/google-2011-gcd-vms/gcd_vms_mem_pct_wide.csv.gz'));
  const plain = readWholeFile(join(SHARED, 'data/google-2011-gcd-vms/gcd_vms_mem_pct_wide.csv.gz'));

  it('flipped bytes, a cut, a second member: the same text, or a DataError naming the file', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: real.length - 1 }),
        fc.integer({ min: 0, max: 255 }),
        fc.constantFrom('flip', 'cut', 'double'),
        (at, byte, how) => {
          const bytes =
            how === 'flip'
              ? Uint8Array.from(real, (b, i) => (i === at ? byte : b))
              : how === 'cut'
                ? real.subarray(0, at)
                : Buffer.concat([real, real.subarray(0, at > 20 ? real.length : 0)]);
          const path = join(dir, 'm.csv.gz');
          writeFileSync(path, bytes);
          try {
            const out = readWholeFile(path, { text: true });
            if (how === 'double')
              expect(out.length === plain.length || out.length === 2 * plain.length).toBe(true);
            expect(out.length).toBeGreaterThan(0);
          } catch (e) {
            expect(e).toBeInstanceOf(DataError);
            expect((e as Error).message).toMatch(/^m\.csv\.gz: /);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('runs of one byte, gzipped, stop by a limit whatever the byte', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), (byte) => {
        const path = join(dir, 'run.gz');
        writeFileSync(path, gzipSync(new Uint8Array(70 << 20).fill(byte), { level: 1 }));
        expect(() => readWholeFile(path, { text: true })).toThrow(
          /run\.gz: (inflates more than 200×|a line longer|16777216 bytes of blank)/,
        );
      }),
      { seed: SEED, numRuns: Math.max(3, RUNS / 10) },
    );
  });
});

describe('fuzz: the link decoder', () => {
  beforeAll(() => loadLinkCodec());

  it('any #z= fragment gives the plain query and at most a notice, never an exception', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.uint8Array({ maxLength: 300 }), (text, raw) => {
        for (const hash of ['#z=' + text, '#z=' + Buffer.from(raw).toString('base64url')]) {
          const d = decodeAddress('?view=data', hash);
          expect(d.params.view).toBeDefined();
          for (const n of d.notices) expect(n).not.toMatch(/\bundefined\b/);
        }
      }),
      { seed: SEED, numRuns: RUNS * 5 },
    );
  });
});
