/**
 * The soak's browser: Chromium driven over the DevTools protocol through a pipe, with no domain
 * enabled that keeps data in the renderer. Playwright enables the Network domain in every page and
 * worker it attaches to, and the renderer then keeps each response body for DevTools
 * (`Network.getResponseBody`): the ingestion worker's fetched dataset files stayed resident, ≈ the
 * compressed size of every load, and the renderer's RSS grew with the number of loads only because
 * it was being watched (measured: 12 loads of 4 datasets, 235 → 294 MB under Playwright and still
 * 294 MB after 25 s; 201 → 268 MB and back to 194 MB after 25 s over a bare pipe). Here only
 * Runtime (console errors), Performance (metrics) and HeapProfiler (garbage collection) are used.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

interface Message {
  readonly id?: number;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly sessionId?: string;
  readonly result?: unknown;
  readonly error?: { message: string };
}

/** A DevTools protocol connection over Chromium's `--remote-debugging-pipe` (fds 3 and 4). */
export class PipeBrowser {
  private next = 1;
  private readonly waiting = new Map<
    number,
    { ok: (v: unknown) => void; fail: (e: Error) => void }
  >();
  private readonly listeners = new Set<(m: Message) => void>();
  private readonly input: Writable;

  private constructor(
    private readonly process: ChildProcess,
    private readonly profile: string,
  ) {
    this.input = process.stdio[3] as Writable;
    const output = process.stdio[4] as Readable;
    output.setEncoding('utf8');
    let buffer = '';
    output.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\0'); end >= 0; end = buffer.indexOf('\0')) {
        const message = JSON.parse(buffer.slice(0, end)) as Message;
        buffer = buffer.slice(end + 1);
        this.dispatch(message);
      }
    });
  }

  static launch(executable: string, args: readonly string[]): PipeBrowser {
    const profile = mkdtempSync(join(tmpdir(), 'slopack-soak-'));
    const child = spawn(
      executable,
      [...args, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    return new PipeBrowser(child, profile);
  }

  private dispatch(m: Message): void {
    if (m.id === undefined) {
      for (const l of this.listeners) l(m);
      return;
    }
    const w = this.waiting.get(m.id);
    this.waiting.delete(m.id);
    if (m.error) w?.fail(new Error(m.error.message));
    else w?.ok(m.result);
  }

  send<T = Record<string, unknown>>(
    method: string,
    params: object = {},
    sessionId?: string,
  ): Promise<T> {
    const id = this.next++;
    return new Promise<T>((ok, fail) => {
      this.waiting.set(id, { ok: ok as (v: unknown) => void, fail });
      this.input.write(JSON.stringify({ id, method, params, sessionId }) + '\0');
    });
  }

  on(listener: (m: Message) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Ends the browser, then removes its profile. */
  async close(): Promise<void> {
    const exited = new Promise((r) => this.process.once('exit', r));
    this.process.kill();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

// Page-side helpers, prepended to every expression (the page's own DOM, as a user would find it).
const HELPERS = `
const byLabel = (text) => {
  const l = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === text);
  return l && l.htmlFor ? document.getElementById(l.htmlFor) : null;
};
const byTestId = (id) => document.querySelector('[data-testid="' + id + '"]');
const setValue = (el, v) => {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, v);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
};
const viewButton = (name) =>
  [...document.querySelectorAll('nav[aria-label="Views"] button')].find(
    (b) => b.textContent.trim() === name || b.getAttribute('aria-label') === name,
  );
`;

/** The one page of the soak, its workers, and what the soak does with them. */
export class SoakPage {
  private readonly workers = new Map<string, string>();
  readonly errors: string[] = [];

  private constructor(
    private readonly browser: PipeBrowser,
    private readonly session: string,
  ) {
    browser.on((m) => {
      const p = m.params ?? {};
      if (m.method === 'Target.attachedToTarget') {
        const info = p.targetInfo as { type: string; url: string };
        const id = p.sessionId as string;
        if (info.type !== 'worker') return;
        this.workers.set(id, info.url);
        void browser.send('Runtime.enable', {}, id).catch(() => {});
        // SOAK_NETWORK=1: as Playwright does (to show what it costs the renderer).
        if (process.env.SOAK_NETWORK === '1')
          void browser.send('Network.enable', {}, id).catch(() => {});
      } else if (m.method === 'Target.detachedFromTarget')
        this.workers.delete(p.sessionId as string);
      else if (m.method === 'Runtime.consoleAPICalled' && p.type === 'error')
        this.errors.push(
          (p.args as { value?: unknown; description?: string }[])
            .map((a) => String(a.value ?? a.description))
            .join(' '),
        );
      else if (m.method === 'Runtime.exceptionThrown')
        this.errors.push(
          String(
            (p.exceptionDetails as { exception?: { description?: string } }).exception?.description,
          ),
        );
    });
  }

  static async open(browser: PipeBrowser, url: string): Promise<SoakPage> {
    const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
    });
    const { sessionId } = await browser.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const page = new SoakPage(browser, sessionId);
    await browser.send(
      'Target.setAutoAttach',
      { autoAttach: true, waitForDebuggerOnStart: false, flatten: true },
      sessionId,
    );
    await browser.send('Runtime.enable', {}, sessionId);
    await browser.send('Performance.enable', {}, sessionId);
    await browser.send(
      'Emulation.setDeviceMetricsOverride',
      { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false },
      sessionId,
    );
    await browser.send('Page.navigate', { url }, sessionId);
    return page;
  }

  /** The value of `expression` in the page (awaited), with the helpers above in scope. */
  async evaluate<T>(expression: string): Promise<T> {
    const r = await this.browser.send<{
      result: { value?: T };
      exceptionDetails?: { exception?: { description?: string }; text: string };
    }>(
      'Runtime.evaluate',
      {
        expression: `(async () => { ${HELPERS}; return (${expression}); })()`,
        awaitPromise: true,
        returnByValue: true,
      },
      this.session,
    );
    if (r.exceptionDetails)
      throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value as T;
  }

  async wait(ms: number): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
  }

  /** Waits until `expression` is true, at most `ms`; whether it became true. */
  async until(expression: string, ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await this.evaluate<boolean>(expression).catch(() => false)) return true;
      await this.wait(250);
    }
    return false;
  }

  async select(control: string, value: string): Promise<void> {
    const found = await this.evaluate<boolean>(
      `(() => { const el = ${control}; if (!el) return false; setValue(el, ${JSON.stringify(value)}); return true; })()`,
    );
    if (!found) throw new Error(`no control ${control}`);
  }

  async options(control: string): Promise<string[]> {
    return this.evaluate<string[]>(`[...(${control})?.options ?? []].map((o) => o.value)`);
  }

  async clickView(name: string): Promise<void> {
    const found = await this.evaluate<boolean>(
      `(() => { const b = viewButton(${JSON.stringify(name)}); if (!b) return false; b.click(); return true; })()`,
    );
    if (!found) throw new Error(`no view button "${name}"`);
  }

  /** Types `value` into the box with test id `id` and presses Enter. */
  async enter(id: string, value: string): Promise<void> {
    await this.evaluate(
      `(() => { const el = byTestId(${JSON.stringify(id)}); setValue(el, ${JSON.stringify(value)}); el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })); return true; })()`,
    );
  }

  async send<T = Record<string, unknown>>(method: string, params: object = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.session);
  }

  /** A full garbage collection in the page and in every worker. */
  async collectGarbage(): Promise<void> {
    await this.send('HeapProfiler.collectGarbage');
    for (const id of this.workers.keys())
      await this.browser.send('HeapProfiler.collectGarbage', {}, id).catch(() => {});
  }

  workerCount(): number {
    return this.workers.size;
  }
}
