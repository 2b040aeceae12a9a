/**
 * First Merged Fit (semi-online paper §4.3, Algorithms 2–4; semionline-notes §2.3). Running machines
 * and incoming tasks are bins sorted by remaining duration, longest first (running machines first on
 * ties); each bin in turn absorbs every later compatible bin: two running machines never merge, a merge
 * into a running machine keeps the machine, and the merged load (Σq, Σμ, Σσ²) must pass the fit test.
 * Surviving task-only bins open new machines, in sort order.
 *
 * Machines never merge each other, so they and the task bins are kept in two rank-ordered lists; a
 * machine's turn scans only the task bins, which makes a batch O(T·(M + T)) instead of O((M + T)²).
 */
import type { BatchTask, Machine, PolicyContext } from './cluster.ts';

interface TaskBin {
  readonly rank: number;
  readonly first: BatchTask;
  removed: boolean;
}

interface MachineBin {
  readonly rank: number;
  readonly machine: Machine;
  removed: boolean;
  absorbed: BatchTask[];
}

interface Bin {
  q: number;
  mu: number;
  v: number;
  machine: MachineBin | null;
  tasks: BatchTask[];
}

export function firstMergedFit(ctx: PolicyContext): void {
  const { machines, batch, fits } = ctx;
  const entries: { d: number; isMachine: boolean; at: number }[] = [];
  machines.forEach((m, at) => entries.push({ d: m.l, isMachine: true, at }));
  batch.forEach((t, at) => entries.push({ d: t.r, isMachine: false, at }));
  // Stable: machines (inserted first) win ties, and keep their own l_m order.
  entries.sort((a, b) => b.d - a.d);
  const mBins: MachineBin[] = [];
  const tBins: TaskBin[] = [];
  entries.forEach((e, rank) => {
    if (e.isMachine) mBins.push({ rank, machine: machines[e.at], removed: false, absorbed: [] });
    else tBins.push({ rank, first: batch[e.at], removed: false });
  });

  const fitsWith = (b: Bin, x: { q: number; mu: number; v: number }) =>
    fits(b.q + x.q, b.mu + x.mu, b.v + x.v);
  const absorbTask = (b: Bin, t: TaskBin) => {
    t.removed = true;
    b.q += t.first.q;
    b.mu += t.first.mu;
    b.v += t.first.v;
    if (b.machine) b.machine.absorbed.push(t.first);
    else b.tasks.push(t.first);
  };

  const newBins: BatchTask[][] = [];
  let mi = 0;
  let ti = 0;
  for (;;) {
    while (mi < mBins.length && mBins[mi].removed) mi++;
    while (ti < tBins.length && tBins[ti].removed) ti++;
    if (ti >= tBins.length) break; // no task left to place: the remaining machines are unchanged
    if (mi < mBins.length && mBins[mi].rank < tBins[ti].rank) {
      const mb = mBins[mi++];
      const m = mb.machine;
      const bin: Bin = { q: m.q, mu: m.mu, v: m.v, machine: mb, tasks: [] };
      for (let k = ti; k < tBins.length; k++)
        if (!tBins[k].removed && fitsWith(bin, tBins[k].first)) absorbTask(bin, tBins[k]);
      continue;
    }
    const own = tBins[ti++];
    own.removed = true;
    const bin: Bin = { q: own.first.q, mu: own.first.mu, v: own.first.v, machine: null, tasks: [] };
    bin.tasks.push(own.first);
    let a = mi;
    let b = ti;
    for (;;) {
      while (a < mBins.length && (bin.machine || mBins[a].removed))
        a = bin.machine ? mBins.length : a + 1;
      while (b < tBins.length && tBins[b].removed) b++;
      const takeMachine = a < mBins.length && (b >= tBins.length || mBins[a].rank < tBins[b].rank);
      if (takeMachine) {
        const mb = mBins[a++];
        if (fitsWith(bin, mb.machine)) {
          mb.removed = true;
          bin.machine = mb;
          bin.q += mb.machine.q;
          bin.mu += mb.machine.mu;
          bin.v += mb.machine.v;
          mb.absorbed.push(...bin.tasks);
          bin.tasks = [];
        }
      } else if (b < tBins.length) {
        const tb = tBins[b++];
        if (fitsWith(bin, tb.first)) absorbTask(bin, tb);
      } else break;
    }
    if (!bin.machine) newBins.push(bin.tasks);
  }

  for (const mb of mBins) for (const t of mb.absorbed) ctx.put(t, mb.machine);
  for (const tasks of newBins) {
    const m = ctx.open(tasks[0]);
    for (let k = 1; k < tasks.length; k++) ctx.put(tasks[k], m);
  }
}
