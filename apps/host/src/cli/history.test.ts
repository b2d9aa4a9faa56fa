import { existsSync } from 'node:fs';
import type { PaymentsSandbox } from '@c/payments/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryRun } from '../runs/run-history.js';
import { runCli } from '../test-support/cli.js';
import { stripeCli } from '../test-support/served-host.js';
import { ago, historyTable } from './history.js';

// `c-host runs list`: the run history as a command line reads it (JSON for scripts, a table for a
// person), against the Stripe simulator, as separate processes sharing one data directory.

let cli: Awaited<ReturnType<typeof stripeCli>>;
let stripe: PaymentsSandbox;
let dir: typeof cli.dir;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  cli = await stripeCli();
  ({ stripe, dir, env } = cli);
});
afterAll(async () => {
  await cli.close();
});

describe('c-host runs list', () => {
  it("lists this machine's runs, newest first, filtered; with why one failed, never an input or a key", async () => {
    const listed = await runCli(['run', 'payments.getCustomers', '-p', 'limit=2'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    const missing = await runCli(['run', 'payments.getCustomerById', '-p', 'customerId=cus_nope4242'], {
      env,
    });
    expect(missing.code).toBe(1);

    const all = await runCli(['runs', 'list'], { env });
    expect(all.code, all.stderr).toBe(0);
    expect(all.json.runs.map((run: any) => [run.command, run.surface, run.status, run.outcome])).toEqual([
      ['payments.getCustomerById', 'cli', 'failed', 'not_found'],
      ['payments.getCustomers', 'cli', 'succeeded', 'ok'],
    ]);
    expect(all.json.runs[0]).toMatchObject({ connection: 'env', actor: 'cli', message: expect.any(String) });
    // The provider's own words say why; the input itself is not kept.
    expect(all.json.runs[0].message).toContain('No such customer');
    for (const run of all.json.runs) expect(run).not.toHaveProperty('input');
    expect(all.stdout).not.toContain(stripe.connection.credentials.apiKey);

    const failed = await runCli(['runs', 'list', '--status', 'failed', '--limit', '5'], { env });
    expect(failed.json.runs.map((run: any) => run.command)).toEqual(['payments.getCustomerById']);
  }, 60_000);

  it('refuses a bad filter before it opens the store (exit 2, naming it and the nearest value)', async () => {
    const never = `${dir.path}/never-made`;
    const bad = await runCli(['runs', 'list', '--surface', 'wbe'], { env: { C_HOST_DATA_DIR: never } });
    expect(bad.code).toBe(2);
    expect(bad.error).toMatchObject({ kind: 'validation', parameter: 'surface' });
    expect(bad.error.message).toContain('Did you mean "web"?');
    expect(existsSync(never)).toBe(false);
  }, 60_000);
});

describe('the history on a terminal', () => {
  const now = Date.parse('2026-12-02T12:00:00.000Z');
  const run = (fields: Partial<HistoryRun>): HistoryRun => ({
    id: 'f0e1d2c3-0000-4000-8000-000000000001',
    at: '2026-12-02T11:59:30.000Z',
    command: 'payments.listCustomers',
    connection: 'sandbox-payments',
    surface: 'web',
    actor: 'session:0123456789ab',
    status: 'succeeded',
    outcome: 'ok',
    durationMs: 41,
    dryRun: false,
    ...fields,
  });

  it('says each run in words: its state, where it came from, how long ago; and why one failed', () => {
    const text = historyTable(
      {
        runs: [
          run({ surface: 'async', status: 'running', outcome: undefined, durationMs: undefined }),
          run({
            surface: 'mcp',
            status: 'failed',
            outcome: 'rate_limit',
            message: 'Slow down',
            at: '2026-12-02T09:00:00.000Z',
          }),
          run({ surface: 'cli', dryRun: true }),
        ],
        nextCursor: 'abc',
      },
      { width: 120, colour: false },
      now,
    );
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^STATUS\s+COMMAND\s+CONNECTION\s+FROM\s+TOOK\s+WHEN\s+RUN ID$/);
    expect(lines[1]).toMatch(
      /^running\s+payments\.listCustomers\s+sandbox-payments\s+background\s+30s ago\s+f0e1d2c3-/,
    );
    expect(lines[2]).toMatch(/^rate limit\s+.*\s+MCP\s+41 ms\s+3h ago\s*$/);
    expect(lines[3]).toMatch(/^dry run\s+.*\s+CLI\s+41 ms\s+30s ago\s*$/);
    expect(text).toContain('payments.listCustomers, 3h ago: Slow down');
    expect(text).toContain('runs list --cursor abc');
    expect(text).not.toContain('\u001b[');
  });

  it('colours the state on a terminal that takes colour, keeping the columns aligned', () => {
    const page = { runs: [run({}), run({ status: 'failed', outcome: 'not_found' })] };
    const plain = historyTable(page, { width: 120, colour: false }, now);
    const coloured = historyTable(page, { width: 120, colour: true }, now);
    expect(coloured).toContain('\u001b[32mok\u001b[39m');
    // No background run on the page: no empty RUN ID column.
    expect(plain.split('\n')[0]).toMatch(/WHEN$/);
    expect(coloured).toContain('\u001b[31mnot found\u001b[39m');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escapes are what is checked.
    expect(coloured.replace(/\u001b\[\d+m/g, '')).toBe(plain.replace(/\u001b\[1m|\u001b\[22m/g, ''));
  });

  it('says how to make the first run when there is none', () => {
    expect(historyTable({ runs: [] }, { width: 80, colour: false })).toMatch(
      /^No runs yet\. .*run <command>/,
    );
    expect(ago('2026-11-29T12:00:00.000Z', now)).toBe('3d ago');
    expect(ago('2026-12-02T11:55:00.000Z', now)).toBe('5m ago');
  });
});
