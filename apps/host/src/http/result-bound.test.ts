import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config.js';
import { call } from '../test-support/http.js';
import { runEnded, submitRun } from '../test-support/runs.js';
import { servedWithThings } from '../test-support/served-host.js';

// Issue 32, item 8: a result has a size bound on every surface, not only MCP. A provider that
// answers 20 MB made a 20 MB HTTP answer, a 20 MB async run record and a 20 MB ledger copy. The
// host now holds every run's result to C_HOST_MAX_RESULT_BYTES (8 MiB by default): the largest
// list is cut at a whole item and the result says so.

const TOKEN = 'result-bound-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };
const LIMIT = 64 * 1024;
/** Each fake thing is about 32 bytes of JSON: 2,500 of them are about 80 KB, over the bound. */
const MANY = 2_500;

let served: Awaited<ReturnType<typeof servedWithThings>>;
let base: string;

beforeAll(async () => {
  served = await servedWithThings(TOKEN, { env: { C_HOST_MAX_RESULT_BYTES: String(LIMIT) } });
  ({ base } = served);
}, 60_000);

afterAll(() => served?.close());

/** What a cut list result must say about itself. */
function expectCut(result: any): void {
  expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(LIMIT);
  expect(result.truncated).toBe(true);
  expect(result.truncation).toMatchObject({ path: 'data', received: MANY });
  expect(result.truncation.returned).toBeGreaterThan(1_000);
  expect(result.truncation.returned).toBeLessThan(MANY);
  expect(result.data).toHaveLength(result.truncation.returned);
  // Whole items, in order, from the first.
  expect(result.data[0]).toEqual({ id: 'th_0', object: 'thing' });
  expect(result.data.at(-1)).toEqual({ id: `th_${result.truncation.returned - 1}`, object: 'thing' });
}

describe('the host bounds every result (C_HOST_MAX_RESULT_BYTES)', () => {
  it('a run over HTTP answers its largest list cut at a whole item, saying so', async () => {
    const ran = await call(base, 'POST', '/api/commands/things.getThings/run', {
      headers: auth,
      body: { connection: 'main', input: { limit: MANY } },
    });
    expect(ran.status, ran.text.slice(0, 300)).toBe(200);
    expect(ran.text.length).toBeLessThan(LIMIT + 1_024);
    expectCut(ran.json.result ?? ran.json);
  }, 60_000);

  it('an async run keeps the bounded result in its record, not the provider’s whole answer', async () => {
    const id = await submitRun(base, TOKEN, {
      command: 'things.getThings',
      connection: 'main',
      input: { limit: MANY },
    });
    const run = await runEnded(base, TOKEN, id);
    expect(run.status, JSON.stringify(run.error)).toBe('succeeded');
    expectCut(run.result);
  }, 60_000);

  it('a result under the bound comes back whole and unmarked', async () => {
    const ran = await call(base, 'POST', '/api/commands/things.getThings/run', {
      headers: auth,
      body: { connection: 'main', input: { limit: 10 } },
    });
    expect(ran.status).toBe(200);
    const result = ran.json.result ?? ran.json;
    expect(result.data).toHaveLength(10);
    expect(result).not.toHaveProperty('truncated');
  });

  it('a bound outside 64 KiB–256 MiB is refused at start, naming the setting', () => {
    for (const bad of ['1000', '1e12', 'lots', '65536.5']) {
      expect(() => resolveConfig({}, { C_HOST_MAX_RESULT_BYTES: bad })).toThrow(
        /max-result-bytes.*C_HOST_MAX_RESULT_BYTES/,
      );
    }
    expect(resolveConfig({}, { C_HOST_MAX_RESULT_BYTES: '1048576' }).maxResultBytes).toBe(1_048_576);
    expect(resolveConfig({}, {}).maxResultBytes).toBeUndefined();
  });
});
