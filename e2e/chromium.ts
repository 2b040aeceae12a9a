/**
 * Debian's Chromium and the flags it needs on this closed network (tests cannot download browsers).
 *
 * Two builds of the same Chromium (one Debian source package, one version):
 * - `chromium`, the browser people use: the benches, the soak and the suite's full-browser project;
 * - `chromium-headless-shell`, Chromium's headless shell (what Playwright runs headless by default):
 *   the same Blink, V8 and workers without the browser's own interface. The full browser started
 *   headless still builds its window's web UI (the omnibox popup, a renderer of its own) and a full
 *   profile for every page; the shell does neither. On the same four page loads it used 19 CPU-s
 *   against 30–33, and the e2e suite is CPU-bound, so the suite runs in the shell.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HEADLESS_SHELL_PATH =
  process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
