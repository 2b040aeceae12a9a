/**
 * Where the renderer's memory is, for the soak (`SOAK_DETAIL=1`): the renderer's mappings from
 * /proc/<pid>/smaps by kind, the browser's own breakdown by context (the page and each worker;
 * `performance.measureUserAgentSpecificMemory`, the page being cross-origin isolated), and the DOM's
 * size (CDP Performance.getMetrics: nodes, listeners, documents).
 */
import { readFileSync } from 'node:fs';
import type { SoakPage } from './soakBrowser.ts';

const MB = 2 ** 20;

/**
 * Resident MB of the renderer `pid` by kind of mapping, told apart by their shape: WebAssembly
 * memories (read-write, followed by a guard reservation of ≥ 1 GiB), large single allocations
 * (read-write ≥ 1 MiB right after a one-page guard: the allocator's direct maps, e.g. big
 * ArrayBuffers), shared-memory regions, the browser's binary and other files, other anonymous memory.
 */
export function smapsBreakdown(pid: number): Record<string, number> {
  const maps: { size: number; perms: string; name: string; rss: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = (parseInt(head[2], 16) - parseInt(head[1], 16)) / MB;
      maps.push({ size, perms: head[3], name: head[4], rss: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length) maps[maps.length - 1].rss = Number(rss[1]) / 1024;
  }
  const out: Record<string, number> = {};
  const add = (kind: string, mb: number) => {
    out[kind] = (out[kind] ?? 0) + mb;
    out[`${kind}#`] = (out[`${kind}#`] ?? 0) + 1;
  };
  maps.forEach((m, i) => {
    if (m.rss === 0) return;
    const before = maps[i - 1];
    const after = maps[i + 1];
    if (m.name.startsWith('/memfd:')) add('shm', m.rss);
    else if (m.name.includes('chromium/chromium')) add('binary', m.rss);
    else if (m.name.startsWith('/')) add('files', m.rss);
    else if (m.perms.startsWith('rw') && after?.perms === '---p' && after.size >= 1024)
      add('wasm', m.rss);
    else if (
      m.perms.startsWith('rw') &&
      m.size >= 1 &&
      before?.perms === '---p' &&
      before.size <= 0.01
    )
      add('large', m.rss);
    else add('anon', m.rss);
  });
  for (const k of Object.keys(out)) out[k] = Math.round(out[k] * 10) / 10;
  return out;
}

/** The browser's breakdown by context: MB per scope (Window, each DedicatedWorkerGlobalScope). */
export async function contextMemory(page: SoakPage): Promise<Record<string, number>> {
  return page.evaluate<Record<string, number>>(`(async () => {
    if (!performance.measureUserAgentSpecificMemory) return { unavailable: 1 };
    const m = await performance.measureUserAgentSpecificMemory();
    const out = { total: m.bytes / 2 ** 20 };
    for (const b of m.breakdown) {
      const a = b.attribution[0];
      const key = a ? a.scope + ':' + a.url.split('/').pop().slice(0, 24) : 'shared:' + b.types.join('+');
      out[key] = (out[key] ?? 0) + b.bytes / 2 ** 20;
    }
    for (const k of Object.keys(out)) out[k] = Math.round(out[k] * 10) / 10;
    return out;
  })()`);
}

/** DOM nodes, JS event listeners and documents of the page. */
export async function domCounts(page: SoakPage): Promise<Record<string, number>> {
  const { metrics } = await page.send<{ metrics: { name: string; value: number }[] }>(
    'Performance.getMetrics',
  );
  const pick = ['Nodes', 'JSEventListeners', 'Documents', 'Frames', 'JSHeapTotalSize'];
  const out: Record<string, number> = {};
  for (const m of metrics) if (pick.includes(m.name)) out[m.name] = m.value;
  return out;
}
