import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../test-support/cli.js';
import { call } from '../test-support/http.js';
import { tempDir } from '../test-support/temp-host.js';

const dirs: { remove(): void }[] = [];
afterAll(() => {
  for (const dir of dirs) dir.remove();
});
const TOKEN = 'serve-logs-token-0123456789abcdef';

function dataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir.path;
}

describe('c-host serve logs', () => {
  it('writes JSON lines on stdout, one per request (path only, probes left out), the human lines on stderr', async () => {
    const serve = startCli(['serve', '--port', '0', '--no-open'], {
      C_HOST_DATA_DIR: dataDir(),
      C_HOST_TOKEN: TOKEN,
    });
    let stdout: string;
    try {
      const [, base] = await serve.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      expect((await call(base!, 'GET', '/api/health')).status).toBe(200);
      const listed = await call(base!, 'GET', '/api/connections?x=1', {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(listed.status).toBe(200);
      await call(base!, 'GET', '/auth?token=one-time-login-secret-77');
    } finally {
      expect(await serve.stop()).toBe(0);
      stdout = serve.stdout();
    }
    const lines = stdout.trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line));
    const requests = entries.filter((entry) => entry.msg === 'request completed');
    expect(requests.map((entry) => [entry.req.method, entry.req.url, entry.res.statusCode])).toEqual([
      ['GET', '/api/connections', 200],
      ['GET', '/auth', expect.any(Number)],
    ]);
    expect(requests[0]).toMatchObject({
      level: 30,
      reqId: expect.any(String),
      responseTime: expect.any(Number),
    });
    expect(stdout).not.toContain(TOKEN);
    expect(stdout).not.toContain('one-time-login-secret-77');
    expect(serve.stderr()).toContain('c-host is listening on');
  });

  it('refuses a C_HOST_LOG_LEVEL that is not a level (exit 2, naming it)', async () => {
    const result = await runCli(['serve', '--port', '0', '--no-open'], {
      env: { C_HOST_DATA_DIR: dataDir(), C_HOST_TOKEN: TOKEN, C_HOST_LOG_LEVEL: 'loud' },
    });
    expect(result.code).toBe(2);
    expect(result.error).toMatchObject({ kind: 'validation', parameter: 'C_HOST_LOG_LEVEL' });
  });
});
