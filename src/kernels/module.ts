/**
 * The compiled kernel modules (embedded as base64, one over a shared memory and one over a plain
 * memory), compiled once per kind on first use, and the memories they run over.
 */
import { PLAIN_WASM, SHARED_WASM } from './build/evaluate.wasm.ts';

export interface KernelExports {
  machineTotals(
    data: number,
    cols: number,
    rows: number,
    n: number,
    start: number,
    end: number,
    capacity: number,
    totals: number,
  ): number;
  countMachines(
    data: number,
    cols: number,
    rows: number,
    offsets: number,
    m: number,
    start: number,
    end: number,
    capacity: number,
    scratch: number,
    counts: number,
  ): void;
  nestedSums(
    data: number,
    cols: number,
    rows: number,
    sizes: number,
    S: number,
    start: number,
    end: number,
    out: number,
  ): void;
  touchRows(
    data: number,
    cols: number,
    rows: number,
    n: number,
    start: number,
    end: number,
  ): number;
  sortBits(values: number, tmp: number, n: number, counts: number): number;
  fitSortAnderson(
    values: number,
    tmp: number,
    n: number,
    counts: number,
    table: number,
    limit: number,
    perUnit: number,
    out: number,
  ): number;
  addRows(
    data: number,
    cols: number,
    rows: number,
    count: number,
    acc: number,
    fresh: boolean,
  ): void;
  sumStats(
    acc: number,
    values: number,
    tmp: number,
    n: number,
    counts: number,
    table: number,
    limit: number,
    perUnit: number,
    out: number,
  ): number;
  andersonSorted(
    sorted: number,
    n: number,
    mean: number,
    sd: number,
    table: number,
    limit: number,
    perUnit: number,
  ): number;
}

export { MAX_PAGES, PAGE_BYTES, createMemory } from './memory.ts';

function decode(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const modules = new Map<boolean, WebAssembly.Module | null>();

export function moduleFor(shared: boolean): WebAssembly.Module | null {
  if (!modules.has(shared)) {
    let m: WebAssembly.Module | null = null;
    try {
      const bytes = decode(shared ? SHARED_WASM : PLAIN_WASM);
      if (typeof WebAssembly !== 'undefined' && WebAssembly.validate(bytes))
        m = new WebAssembly.Module(bytes);
    } catch {
      m = null;
    }
    modules.set(shared, m);
  }
  return modules.get(shared)!;
}

/** Whether this platform runs the SIMD kernel over a shared (or plain) memory. */
export function kernelAvailable(shared: boolean): boolean {
  if (shared && typeof SharedArrayBuffer === 'undefined') return false;
  return moduleFor(shared) !== null;
}
