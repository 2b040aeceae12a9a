/** CPU time of the processes a bench starts (headless Chromium's), read from /proc. */
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ = 100 on Linux

/**
 * Clock ticks (user + system, all threads) of every live descendant of `root`, by pid; with `name`,
 * only the processes whose command matches it.
 */
export function descendantTicks(root: number, name?: RegExp): Map<number, number> {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (which may hold spaces): state ppid … utime (14th) stime (15th).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(f[1]));
      if (!name || name.test(stat)) ticks.set(Number(entry), Number(f[11]) + Number(f[12]));
    } catch {
      // The process ended while the table was read.
    }
  }
  const out = new Map<number, number>();
  for (const [pid, t] of ticks) {
    let p: number | undefined = parent.get(pid);
    while (p !== undefined && p > 1 && p !== root) p = parent.get(p);
    if (p === root) out.set(pid, t);
  }
  return out;
}

/** CPU milliseconds between two readings of the same processes (new ones count from zero). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += Math.max(0, t - (before.get(pid) ?? 0));
  return ticks * TICK_MS;
}

/** CPU ms (user + system) of every live descendant process of this one (headless Chromium's). */
export function descendantsCpuMs(): number {
  let ticks = 0;
  for (const t of descendantTicks(process.pid).values()) ticks += t;
  return ticks * TICK_MS;
}
