/**
 * `scaleCurve`: the command line at cluster sizes — `realize` and `pack` (Best Fit, GPA 0.01,
 * rebalancing 5) of N tasks × 1,000 realizations for N = 10⁴, 10⁵, 10⁶ (`SCALE_CURVE_TASKS`, e.g.
 * `10000,100000`), each a child process: wall time and peak resident memory (`/usr/bin/time -v`'s
 * maximum RSS where installed, else VmHWM read from /proc while it runs), so the growth is visible.
 * The tasks are the 11,746 VM-days of the 10 PlanetLab days (scale 0.25) reused cyclically, each
 * row realized from its own stream; the file is written once per size to a temporary folder.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { BenchFigure, BenchSuite } from './figure.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DAYS = resolve(ROOT, '../shared/data/planetlab-cloudsim/planetlab_all_10_days.csv.gz');
const TIME = '/usr/bin/time';
const REALIZATIONS = 1000;

/** A wide CSV of `tasks` rows: the 10-day file's rows in turn, each id made unique. */
function cyclicWideCsv(tasks: number, path: string): void {
  const lines = gunzipSync(readFileSync(DAYS)).toString('utf8').split('\n').filter(Boolean);
  const header = lines.shift()!;
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, header + '\n');
    let block: string[] = [];
    for (let i = 0; i < tasks; i++) {
      const line = lines[i % lines.length];
      const idEnd = line.indexOf(',', line.indexOf(',') + 1);
      block.push(`${line.slice(0, idEnd)}#${i}${line.slice(idEnd)}`);
      if (block.length === 10000 || i === tasks - 1) {
        writeSync(fd, block.join('\n') + '\n');
        block = [];
      }
    }
  } finally {
    closeSync(fd);
  }
}

interface Measured {
  readonly seconds: number;
  readonly peakBytes: number;
  readonly stdout: string;
}

/** Runs `npm run cli -- args` as one node process; wall time and its peak resident memory. */
function runCli(args: string[]): Promise<Measured> {
  const node = [process.execPath, '--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args];
  const timed = existsSync(TIME);
  const report = join(tmpdir(), `slopack-time-${process.pid}-${Date.now()}`);
  const [cmd, ...rest] = timed ? [TIME, '-v', '-o', report, ...node] : node;
  return new Promise((resolvePromise, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, rest, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    let hwm = 0;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) hwm = Math.max(hwm, Number(m[1]) * 1024);
      } catch {
        // the process has ended
      }
    }, 50);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      const seconds = (performance.now() - t0) / 1000;
      if (code !== 0) return reject(new Error(`cli ${args[0]} exited with ${code}`));
      if (timed) {
        const text = readFileSync(report, 'utf8');
        rmSync(report, { force: true });
        hwm = 1024 * Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(text)?.[1] ?? 0);
      }
      resolvePromise({ seconds, peakBytes: hwm, stdout });
    });
  });
}

function sizes(): number[] {
  const raw = process.env.SCALE_CURVE_TASKS ?? '10000,100000,1000000';
  return raw.split(',').map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1) throw new Error(`SCALE_CURVE_TASKS: invalid size "${s}"`);
    return n;
  });
}

export const scaleCurve: BenchSuite = {
  name: 'scaleCurve',
  description: `CLI: realize and pack (BF, gpa:0.01) N tasks × ${REALIZATIONS} realizations, N = 10⁴, 10⁵, 10⁶; time and peak RSS`,
  async run(): Promise<BenchFigure[]> {
    const dir = mkdtempSync(join(tmpdir(), 'slopack-scale-'));
    const figures: BenchFigure[] = [];
    const gib = (b: number) => b / 2 ** 30;
    try {
      for (const n of sizes()) {
        const csv = join(dir, `tasks-${n}.csv`);
        const X = join(dir, `X-${n}.npy`);
        cyclicWideCsv(n, csv);
        const realized = await runCli([
          'realize',
          '--data',
          csv,
          '--scale',
          '0.25',
          '--realizations',
          String(REALIZATIONS),
          '--seed',
          '1',
          '--out-inst',
          X,
        ]);
        rmSync(csv);
        const packed = await runCli([
          'pack',
          '--inst',
          X,
          '--algo',
          'bf',
          '--fit',
          'gpa:0.01',
          '--capacity',
          '1',
          '--clairvoyance',
          '1',
          '--source',
          'inst',
          '--rebalance',
          '5',
          '--out',
          join(dir, 'p.json'),
        ]);
        const result = JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8')) as {
          m_abs: number;
          q: number;
        };
        rmSync(X);
        const label = n.toLocaleString('en');
        figures.push(
          {
            name: `scale curve: realize ${label} × ${REALIZATIONS}`,
            value: realized.seconds,
            unit: 's',
            baseline: null,
            ratio: null,
            note: `peak RSS ${gib(realized.peakBytes).toFixed(2)} GiB; matrix ${gib(4 * n * REALIZATIONS).toFixed(2)} GiB; goal at 10⁶: ≤ 30 s within 6 GB`,
          },
          {
            name: `scale curve: pack ${label} × ${REALIZATIONS} (BF gpa:0.01)`,
            value: packed.seconds,
            unit: 's',
            baseline: null,
            ratio: null,
            note: `peak RSS ${gib(packed.peakBytes).toFixed(2)} GiB; ${result.m_abs} machines, q ${result.q.toFixed(4)}; goal at 10⁶: ≤ 30 s within 6 GB`,
          },
          ...[
            ['realize', realized],
            ['pack', packed],
          ].map(([what, m]) => ({
            name: `scale curve: ${what as string} ${label} × ${REALIZATIONS}, peak RSS`,
            value: gib((m as Measured).peakBytes),
            unit: 'GiB',
            baseline: null,
            ratio: null,
          })),
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return figures;
  },
};
