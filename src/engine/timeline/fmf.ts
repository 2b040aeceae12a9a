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
import type { BatchTask, PolicyContext } from './context.ts';
import { firstFitting } from './fit.ts';

interface TaskBin {
  readonly rank: number;
  readonly first: BatchTask;
  removed: boolean;
}

interface Bin {
  q: number;
  mu: number;
  v: number;
  /** Index of the running machine the bin is (−1: a new machine's load). */
  machine: number;
  tasks: BatchTask[];
}

/** FMF on a batch; one incoming task takes the shortcut the merge reduces to (notes §2.3). */
export function firstMergedFit(ctx: PolicyContext): void {
  if (ctx.batch.length === 1) {
    const t = ctx.batch[0];
    const k = firstFitting(ctx, t);
    if (k >= 0) ctx.put(t, ctx.machines[k]);
    else ctx.open(t);
    return;
  }
  mergeBins(ctx);
}

/** The general merge (Algorithms 2–4), whatever the batch size. */
export function mergeBins(ctx: PolicyContext): void {
  const { machines, fits } = ctx;
  const M = machines.length;
  // ctx.machines is already l_m-decreasing; the tasks by r decreasing (stable); one merge gives the
  // bins' order, machines first on ties.
  const tasks = ctx.batch.slice().sort((a, b) => b.r - a.r);
  const mRank = new Int32Array(M);
  const tBins: TaskBin[] = [];
  for (let a = 0, b = 0, rank = 0; a < M || b < tasks.length; rank++) {
    if (b >= tasks.length || (a < M && machines[a].l >= tasks[b].r)) mRank[a++] = rank;
    else tBins.push({ rank, first: tasks[b++], removed: false });
  }
  const mRemoved = new Uint8Array(M);
  const absorbed = new Map<number, BatchTask[]>();
  const into = (m: number) => {
    let list = absorbed.get(m);
    if (!list) absorbed.set(m, (list = []));
    return list;
  };

  const fitsWith = (b: Bin, x: { q: number; mu: number; v: number }) =>
    fits(b.q + x.q, b.mu + x.mu, b.v + x.v);
  const absorbTask = (b: Bin, t: TaskBin) => {
    t.removed = true;
    b.q += t.first.q;
    b.mu += t.first.mu;
    b.v += t.first.v;
    if (b.machine >= 0) into(b.machine).push(t.first);
    else b.tasks.push(t.first);
  };

  const newBins: BatchTask[][] = [];
  let mi = 0;
  let ti = 0;
  for (;;) {
    while (mi < M && mRemoved[mi]) mi++;
    while (ti < tBins.length && tBins[ti].removed) ti++;
    if (ti >= tBins.length) break; // no task left to place: the remaining machines are unchanged
    if (mi < M && mRank[mi] < tBins[ti].rank) {
      const m = machines[mi];
      let bin: Bin | null = null;
      for (let k = ti; k < tBins.length; k++) {
        if (tBins[k].removed) continue;
        const t = tBins[k].first;
        if (!fits((bin ?? m).q + t.q, (bin ?? m).mu + t.mu, (bin ?? m).v + t.v)) continue;
        bin ??= { q: m.q, mu: m.mu, v: m.v, machine: mi, tasks: [] };
        absorbTask(bin, tBins[k]);
      }
      mi++;
      continue;
    }
    const own = tBins[ti++];
    own.removed = true;
    const bin: Bin = { q: own.first.q, mu: own.first.mu, v: own.first.v, machine: -1, tasks: [] };
    bin.tasks.push(own.first);
    let a = mi;
    let b = ti;
    for (;;) {
      if (bin.machine >= 0) a = M;
      while (a < M && mRemoved[a]) a++;
      while (b < tBins.length && tBins[b].removed) b++;
      const takeMachine = a < M && (b >= tBins.length || mRank[a] < tBins[b].rank);
      if (takeMachine) {
        const m = machines[a];
        if (fitsWith(bin, m)) {
          mRemoved[a] = 1;
          bin.machine = a;
          bin.q += m.q;
          bin.mu += m.mu;
          bin.v += m.v;
          into(a).push(...bin.tasks);
          bin.tasks = [];
        }
        a++;
      } else if (b < tBins.length) {
        const tb = tBins[b++];
        if (fitsWith(bin, tb.first)) absorbTask(bin, tb);
      } else break;
    }
    if (bin.machine < 0) newBins.push(bin.tasks);
  }

  const touched = [...absorbed.keys()].sort((x, y) => x - y);
  for (const m of touched) for (const t of absorbed.get(m)!) ctx.put(t, machines[m]);
  for (const list of newBins) {
    const m = ctx.open(list[0]);
    for (let k = 1; k < list.length; k++) ctx.put(list[k], m);
  }
}
