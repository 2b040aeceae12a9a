/**
 * Whether this platform can run the SIMD kernel, without compiling it: `WebAssembly.validate` on a
 * module of a few bytes using the features `compile.ts` enables — a `v128.const` (SIMD) and, for
 * the shared kind, an imported shared memory (threads). The page's main thread asks only this (the
 * workers compile the real module), so the kernels' 20 kB of base64 stay off the first page.
 * `kernels.test.ts` checks that it agrees with compiling the real modules.
 */

const HEADER = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
/** One function type: () → (). */
const TYPES = [0x01, 0x04, 0x01, 0x60, 0x00, 0x00];
/** Imports memory `e.m`, shared, one page minimum and maximum. */
const SHARED_MEMORY_IMPORT = [0x02, 0x09, 0x01, 0x01, 0x65, 0x01, 0x6d, 0x02, 0x03, 0x01, 0x01];
/** One function of type 0. */
const FUNCTIONS = [0x03, 0x02, 0x01, 0x00];
/** Its body: `v128.const 0; drop; end`. */
const CODE = [
  0x0a,
  0x17,
  0x01,
  0x15,
  0x00,
  0xfd,
  0x0c,
  ...new Array<number>(16).fill(0),
  0x1a,
  0x0b,
];

export function probeModule(shared: boolean): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...HEADER,
    ...TYPES,
    ...(shared ? SHARED_MEMORY_IMPORT : []),
    ...FUNCTIONS,
    ...CODE,
  ]);
}

const answers = new Map<boolean, boolean>();

/** Whether the SIMD kernel runs here over a shared (or plain) memory. */
export function kernelSupported(shared: boolean): boolean {
  let answer = answers.get(shared);
  if (answer === undefined) {
    answer =
      typeof WebAssembly !== 'undefined' &&
      (!shared || typeof SharedArrayBuffer !== 'undefined') &&
      WebAssembly.validate(probeModule(shared));
    answers.set(shared, answer);
  }
  return answer;
}
