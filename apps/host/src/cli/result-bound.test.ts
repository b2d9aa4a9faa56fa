import type { TestServer } from '@c/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { FAKE_KEY, startFakeProvider } from '../test-support/fake-connector.js';
import { fifthConnector } from '../test-support/fifth-connector.js';
import { tempDir } from '../test-support/temp-host.js';

// The result bound (C_HOST_MAX_RESULT_BYTES, issue 32 item 8) seen from a terminal: `c-host run`
// keeps a result over the bound as the host does on every surface (its largest list cut at a whole
// item, the result saying so), the history records the run; a bound out of range is refused before
// anything is sent, naming the setting.

const LIMIT = 64 * 1024;
/** Each fake thing is about 32 bytes of JSON: 2,500 of them are about 80 KB, over the bound. */
const MANY = 2_500;

let provider: TestServer;
let dir: ReturnType<typeof tempDir>;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  provider = await startFakeProvider();
  dir = tempDir();
  env = { C_HOST_DATA_DIR: dir.path, C_THINGS_API_KEY: FAKE_KEY, C_THINGS_BASE_URL: provider.url };
});
afterAll(async () => {
  await provider?.close();
  dir?.remove();
});

const run = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
  runCli(args, { env: { ...env, ...extra }, preload: [fifthConnector] });

describe('c-host run under C_HOST_MAX_RESULT_BYTES', () => {
  it('prints a result over the bound cut at a whole item, saying so; the history has the run', async () => {
    const ran = await run(['run', 'things.getThings', '-p', `limit=${MANY}`], {
      C_HOST_MAX_RESULT_BYTES: String(LIMIT),
    });
    expect(ran.code, ran.stderr).toBe(0);
    expect(Buffer.byteLength(JSON.stringify(ran.json))).toBeLessThanOrEqual(LIMIT);
    expect(ran.json).toMatchObject({ truncated: true, truncation: { path: 'data', received: MANY } });
    expect(ran.json.data).toHaveLength(ran.json.truncation.returned);
    expect(ran.json.data.at(-1)).toEqual({ id: `th_${ran.json.truncation.returned - 1}`, object: 'thing' });

    const history = await run(['runs', 'list', '--command', 'things.getThings']);
    expect(history.code, history.stderr).toBe(0);
    expect(history.json.runs).toHaveLength(1);
    expect(history.json.runs[0]).toMatchObject({ surface: 'cli', status: 'succeeded', outcome: 'ok' });
  }, 120_000);

  it('refuses a bound out of range before sending anything: exit 2, naming the setting', async () => {
    const before = provider.calls.length;
    const bad = await run(['run', 'things.getThings', '-p', 'limit=2'], { C_HOST_MAX_RESULT_BYTES: '1000' });
    expect(bad.code).toBe(2);
    expect(bad.error).toMatchObject({ kind: 'validation', parameter: 'max-result-bytes' });
    expect(bad.error.message).toContain('C_HOST_MAX_RESULT_BYTES');
    expect(provider.calls.length).toBe(before);
  }, 60_000);
});
