/** CPU time of the processes a bench starts (headless Chromium's), read from /proc. */
import { readFileSync, readdirSync } from 'node:fs';

/** CPU ms (user + system) of every live descendant process of this one (headless Chromium's). */
export function descendantsCpuMs(): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command (which may hold spaces): state ppid … utime (14th) stime (15th).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(f[1]));
      ticks.set(Number(name), Number(f[11]) + Number(f[12]));
    } catch {
      // The process ended while we read.
    }
  }
  const isDescendant = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p))
      if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, t] of ticks) if (isDescendant(pid)) total += t;
  return (total * 1000) / 100;
}
