/**
 * A hostile server read by the command line (testing/hostileServer.ts): every way a server can
 * hang, swell or mislead ends with a message naming the limit it passed, within the limits the
 * flags set short here (the test's own timeout is the only clock), with no stack trace, no file
 * written, memory bounded (the process's resident set and the bytes the server could send), and
 * no null in any JSON printed.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main.ts';
import {
  SHORT_LIMITS,
  STACK_TRACE,
  jsonNulls,
  startHostileServer,
  type HostileMode,
  type HostileServer,
} from './testing/hostileServer.ts';

let server: HostileServer;
let dir: string;

beforeAll(async () => {
  server = await startHostileServer();
  dir = mkdtempSync(join(tmpdir(), 'slopack-hostile-prom-'));
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const START = 1_700_000_000;
/** Two hours at 5 s: 1,441 instants, two chunks of the range for every command. */
const RANGE = ['--start', String(START), '--end', String(START + 7200), '--step', '5'];
const INSTANTS = 1441;

async function run(args: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((s: string) => (errors.push(String(s)), true)) as typeof write;
  try {
    const code = await main(args, (s) => lines.push(s));
    return { code, out: lines.join('\n'), err: errors.join('') };
  } finally {
    process.stderr.write = write;
  }
}

/** Every command that reads `--prometheus`, on one mode; `file` is where realize would write. */
function commands(mode: HostileMode, file: string): [string, string[]][] {
  const url = server.url(mode);
  // A byte a second never leaves a second's gap for certain: the deadline is what stops a drip.
  const idle = mode === 'drip' ? ['--prometheus-idle-timeout', '10'] : [];
  const common = [
    '--prometheus',
    url,
    ...RANGE,
    ...SHORT_LIMITS,
    ...idle,
    '--cores-per-machine',
    '8',
  ];
  return [
    ['inspect', ['inspect', ...common, '--json']],
    ['assess', ['assess', ...common, '--json']],
    ['realize', ['realize', ...common, '--realizations', '20', '--out-inst', file]],
    ['cluster', ['cluster', ...common, '--json']],
  ];
}

const REFUSED: [HostileMode, RegExp][] = [
  ['drip', /no complete answer within 2 s \(the deadline per answer, --prometheus-deadline\)/],
  [
    'stall',
    /chunk 1 of 2: the server sent nothing for 1 s \(the idle timeout, --prometheus-idle-timeout\) after 10 bytes/,
  ],
  ['silent', /no answer within 1 s \(the connect timeout.*--prometheus-connect-timeout\)/],
  [
    'huge',
    /the answer passed 1 MiB, the cap on one answer \(--prometheus-max-mib\); stopped there/,
  ],
  ['bomb', /the answer passed 1 MiB \(its gzip encoding undone\), the cap on one answer/],
  ['error500', /HTTP 500 Internal Server Error: internal error: \(the range /],
  [
    'shifted',
    /chunk 1 of 2: every point of the answer lies outside the range asked for, 2023-11-14T22:13:20.000Z to .*: the server answered another range; refused/,
  ],
  [
    'elsewhere',
    /redirected from http:\/\/127\.0\.0\.1:\d+ to another origin, http:\/\/localhost:\d+: refused/,
  ],
  ['loop', /more than 5 redirects \(MAX_REDIRECTS\).*a redirect loop\?/],
  [
    'wait',
    /HTTP 503 .*: the server asks to retry after 99999 s \(Retry-After\), longer than the 30 s slopack waits/,
  ],
];

describe('--prometheus against a hostile server', () => {
  it.each(REFUSED)(
    '%s: every command ends with the message naming the limit, nothing written',
    async (mode, message) => {
      const rss = process.memoryUsage().rss;
      for (const [name, args] of commands(mode, join(dir, `${mode}.npy`))) {
        const r = await run(args);
        expect(r.code, `${name}: ${r.err}`).toBe(1);
        expect(r.err, name).toMatch(message);
        expect(r.err, name).toMatch(new RegExp(`^slopack ${name}: `));
        expect(r.err, name).not.toMatch(STACK_TRACE);
        expect(r.out, name).toBe('');
      }
      expect(existsSync(join(dir, `${mode}.npy`))).toBe(false);
      // A 1 GiB inflation or an endless body held would show here; the cap keeps it to MiBs.
      expect(process.memoryUsage().rss - rss).toBeLessThan(256 * 2 ** 20);
    },
    60_000,
  );

  it('stops reading an endless body: what the server could send stays near the cap', () => {
    // Four commands each: the kernel's socket buffers hold a few MiB beside the 1 MiB cap (huge)
    // or the 4 kB an error's body is read to (error500).
    for (const mode of ['huge', 'error500'] as const)
      expect(server.written.get(mode), mode).toBeLessThan(4 * 16 * 2 ** 20);
  });

  it('follows a redirect within the origin, and says what the server warned of, in stderr and JSON', async () => {
    for (const mode of ['moved', 'warnings', 'ok'] as const) {
      const r = await run([
        'inspect',
        '--prometheus',
        server.url(mode),
        ...RANGE,
        ...SHORT_LIMITS,
        '--cores-per-machine',
        '8',
        '--json',
      ]);
      expect(r.code, r.err).toBe(0);
      const j = JSON.parse(r.out) as { report: { notes: string[]; samplesKept: number } };
      // The report of what was read (inspect's summary says null where a source has no avg file).
      expect(jsonNulls(j.report)).toEqual([]);
      expect(j.report.samplesKept).toBe(2 * INSTANTS);
      const warned = j.report.notes.filter((n) => /warns that its answer may be partial/.test(n));
      expect(warned.length).toBe(mode === 'warnings' ? 2 : 0);
      if (mode === 'warnings')
        expect(warned[0]).toMatch(
          /chunk 1 of 2: .*"query exceeded the sample limit: result partial"/,
        );
    }
    const a = await run([
      'assess',
      '--prometheus',
      server.url('warnings'),
      ...RANGE,
      ...SHORT_LIMITS,
      '--cores-per-machine',
      '8',
      '--json',
    ]);
    expect(a.code, a.err).toBe(0);
    expect(a.err).toMatch(/chunk 2 of 2: the server warns that its answer may be partial/);
    const j = JSON.parse(a.out) as { notes: string[] };
    expect(j.notes.length).toBe(2);
    expect(jsonNulls(j)).toEqual([]);
  }, 60_000);
});

describe('--prometheus-header', () => {
  it('is sent with every call, beside the token, and a header without "=" is refused', async () => {
    const ok = await run([
      'inspect',
      '--prometheus',
      server.url('ok'),
      ...RANGE,
      '--cores-per-machine',
      '8',
      '--prometheus-header',
      'X-Scope-OrgID=tenant-1',
      '--prometheus-header',
      'X-Other=2',
    ]);
    expect(ok.code, ok.err).toBe(0);
    expect(server.headers.get('x-scope-orgid')).toBe('tenant-1');
    expect(server.headers.get('x-other')).toBe('2');
    const bad = await run([
      'inspect',
      '--prometheus',
      server.url('ok'),
      ...RANGE,
      '--prometheus-header',
      'secret-value',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/invalid --prometheus-header \(number 1\): expected NAME=VALUE/);
    expect(bad.err).not.toMatch(/secret-value/);
    const name = await run([
      'inspect',
      '--prometheus',
      server.url('ok'),
      ...RANGE,
      '--prometheus-header',
      'X Bad=1',
    ]);
    expect(name.err).toMatch(/the name "X Bad" is not a header name/);
  }, 60_000);

  it('the limits are closed ranges read as decimals', async () => {
    for (const [flag, value] of [
      ['--prometheus-deadline', '0'],
      ['--prometheus-deadline', '1e9'],
      ['--prometheus-idle-timeout', '0x10'],
      ['--prometheus-max-mib', '-1'],
    ]) {
      const r = await run(['inspect', '--prometheus', server.url('ok'), ...RANGE, flag, value]);
      expect(r.code, `${flag} ${value}`).toBe(2);
      expect(r.err).toMatch(new RegExp(flag.slice(2)));
    }
  });
});
