/**
 * The From Prometheus panel pointed at a hostile server (src/cli/testing/hostileServer.ts), with the
 * page's fetch limits set short before the app starts (globalThis.slopackFetchLimits): a drip, an
 * endless 500 and an answer three days off the asked range each end with a notice naming what was
 * wrong, the panel says what it waits for meanwhile, Cancel ends a wait on a server that never
 * answers, the data loaded before stay, and the bearer token is nowhere in the page's DOM.
 */
import { expect, test } from './fixtures.ts';
import {
  startHostileServer,
  type HostileMode,
  type HostileServer,
} from '../src/cli/testing/hostileServer.ts';

let server: HostileServer;

test.describe('From Prometheus against a hostile server', () => {
  test.beforeAll(async () => {
    server = await startHostileServer();
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('each case ends with its notice, Cancel works, the data stay, the token is not in the DOM', async ({
    page,
    consoleErrors,
  }) => {
    await page.addInitScript(() => {
      (globalThis as { slopackFetchLimits?: object }).slopackFetchLimits = {
        connectTimeout: 4,
        idleTimeout: 4,
        deadline: 3,
        maxBytes: 2 ** 20,
      };
    });
    await page.goto('/?view=data&n=50&K=2&r=1000');
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
    await page.getByText('From Prometheus').click();
    await page.getByTestId('prom-cores').fill('8');
    const read = async (mode: HostileMode) => {
      await page.getByTestId('prom-url').fill(server.url(mode));
      await page.getByTestId('prom-read').click();
    };

    await read('drip');
    await expect(page.getByTestId('prom-waiting')).toContainText(
      new RegExp(
        `Waiting for ${server.url('drip').replace(/\./g, '\\.')}/api/v1/query_range \\(chunk 1 of 2\\) for \\d+ s`,
      ),
    );
    await expect(page.getByTestId('prom-error')).toContainText(
      /chunk 1 of 2: no complete answer within 3 s \(the deadline per answer\)/,
    );
    await expect(page.getByTestId('prom-waiting')).toHaveCount(0);
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');

    await read('error500');
    await expect(page.getByTestId('prom-error')).toContainText(
      /HTTP 500 Internal Server Error: internal error: \(the range /,
    );
    await read('shifted');
    await expect(page.getByTestId('prom-error')).toContainText(
      /chunk 1 of 2: every point of the answer lies outside the range asked for, .*the server answered another range; refused/,
    );
    await read('huge');
    await expect(page.getByTestId('prom-error')).toContainText(
      /the answer passed 1 MiB, the cap on one answer; stopped there/,
    );
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');

    // A server that never answers: Cancel ends the wait before the connect timeout would.
    await read('silent');
    await expect(page.getByTestId('prom-waiting')).toContainText('chunk 1 of 2');
    await page.getByTestId('prom-panel').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('prom-error')).toHaveText('reading cancelled');
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');

    // The token is held by the box, not written into the page.
    const token = 'tok-7f3a9c-never-in-the-dom';
    await page.getByTestId('prom-token').fill(token);
    await expect(page.getByTestId('prom-token')).toHaveValue(token);
    const html = await page.evaluate(() => document.documentElement.outerHTML);
    expect(html).not.toContain(token);
    expect(html).toContain('data-testid="prom-token"');

    // The browser logs the failed requests themselves (the flags call's 404, the 500).
    const expected = /status of (404|500)|net::ERR_/;
    expect(consoleErrors.filter((e) => !expected.test(e))).toEqual([]);
    consoleErrors.splice(0);
  });
});
