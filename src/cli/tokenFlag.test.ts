/**
 * `--token` is `--bearer-token` under the name krr's and kubectl's users type: the same header
 * sent, never printed, and both at once refused. Against a server that answers only that token.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './testing/run.ts';

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.headers.authorization !== 'Bearer secret-xyz') {
      res.writeHead(401, { 'Content-Type': 'text/plain' });
      res.end('Unauthorized');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [] } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => {
  server?.close();
});

const range = ['--start', '1700000000', '--end', '1700003600', '--cores-per-machine', '4'];

describe('--token', () => {
  it('sends the bearer token as --bearer-token does, and never prints it', async () => {
    for (const flag of ['--token', '--bearer-token']) {
      const right = await inProcess('assess', '--prometheus', url, ...range, flag, 'secret-xyz');
      expect(right.stderr).not.toMatch(/401|authentication failed/);
      expect(right.stderr).toMatch(/the query returned no series between/);
      expect(right.stdout + right.stderr).not.toMatch(/secret-xyz/);
    }
    const wrong = await inProcess('assess', '--prometheus', url, ...range, '--token', 'nope-abc');
    expect(wrong.stderr).toMatch(/HTTP 401 .*authentication failed/);
    expect(wrong.stderr).not.toMatch(/nope-abc/);
    const both = await inProcess(
      'assess',
      '--prometheus',
      url,
      ...range,
      '--token',
      'a1',
      '--bearer-token',
      'b2',
    );
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(
      /give --token or --bearer-token \(the same bearer token\), not both/,
    );
  });
});
