/**
 * The kernels' memories, apart from the compiled modules (`module.ts`) so that the page's main
 * thread can allocate a pool's memory without loading the kernels.
 */

/** wasm32's largest memory, in 64 KiB pages (4 GiB). */
export const MAX_PAGES = 65536;
export const PAGE_BYTES = 65536;

/** A memory for `bytes` bytes that never grows (so views over it stay valid), or null if too big. */
export function createMemory(bytes: number, shared: boolean): WebAssembly.Memory | null {
  const pages = Math.max(1, Math.ceil(bytes / PAGE_BYTES));
  if (pages > MAX_PAGES) return null;
  return new WebAssembly.Memory({ initial: pages, maximum: pages, shared });
}
