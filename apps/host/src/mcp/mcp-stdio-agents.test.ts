import { type AmplitudeSandbox, startAnalyticsSimulator } from '@c/analytics/testing';
import { type PaymentsSandbox, SEED_IDS, startPaymentsSimulator } from '@c/payments/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { runCli } from '../test-support/cli.js';
import { McpClients } from '../test-support/mcp-clients.js';
import { tempDir, tempHost } from '../test-support/temp-host.js';

// `c-host mcp` over stdio with the official SDK client: flags, a large export that must not end the
// session, and a stopped sandbox's default that must not hide the environment's credentials.

let stripe: PaymentsSandbox;
let amplitude: AmplitudeSandbox;
const dir = tempDir();
const clients = new McpClients();

beforeAll(async () => {
  stripe = await startPaymentsSimulator({ seed: true, contracts: false });
  amplitude = await startAnalyticsSimulator({ seed: true, contracts: false });
  // What a stopped `serve --sandbox` leaves in the data directory: its default, pointing nowhere.
  const host = await tempHost(await loadConnectors(['payments']), { dataDir: dir.path });
  await host.connections.create(
    {
      name: 'sandbox-payments',
      connector: 'payments',
      credentials: { apiKey: 'sk_test_stopped_sandbox_0123456789' },
      options: { baseUrl: 'http://127.0.0.1:9' },
    },
    { verify: false, sandbox: true },
  );
  await host.close();
});

afterAll(async () => {
  await clients.close();
  await stripe.close();
  await amplitude.close();
  dir.remove();
});

async function mcp(...flags: string[]): Promise<Client> {
  const env = {
    C_HOST_DATA_DIR: dir.path,
    C_PAYMENTS_API_KEY: stripe.connection.credentials.apiKey,
    C_PAYMENTS_BASE_URL: stripe.url,
    C_ANALYTICS_API_KEY: amplitude.connection.credentials.apiKey,
    C_ANALYTICS_SECRET_KEY: amplitude.connection.credentials.secretKey,
    C_ANALYTICS_BASE_URL: amplitude.url,
    C_ANALYTICS_INGESTION_BASE_URL: amplitude.url,
  };
  return clients.stdio(env, flags);
}

/** `YYYYMMDDTHH` of a time, in UTC as Amplitude's export takes it. */
const hourOf = (time: number) => new Date(time).toISOString().slice(0, 13).replace(/-/g, '');

describe('c-host mcp over stdio', () => {
  it('keeps the session when analytics_exportData with its defaults would answer megabytes', async () => {
    const client = await mcp();
    const now = Date.now();
    const result = await client.callTool(
      {
        name: 'analytics_exportData',
        arguments: { start: hourOf(now - 30 * 24 * 3_600_000), end: hourOf(now - 3_600_000) },
      },
      undefined,
      { timeout: 120_000 },
    );
    expect(result.isError, JSON.stringify(result.content).slice(0, 500)).toBeFalsy();
    const text = (result.content as { text: string }[])[0]!.text;
    // The default bound: about 25,000 tokens, estimated as 3 bytes of JSON each.
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(25_000 * 3);
    const marked = JSON.parse(text);
    expect(marked.truncated).toBe(true);
    expect(marked.truncation).toMatchObject({
      path: 'events',
      rest: expect.stringMatching(/start, end|maxEvents/),
    });
    expect(marked.truncation.received).toBeGreaterThan(marked.truncation.returned);
    expect(marked.events).toHaveLength(marked.truncation.returned);
    expect((result.structuredContent as { events: unknown[] }).events).toHaveLength(
      marked.truncation.returned,
    );
    // The session is alive: another request is answered.
    expect((await client.listTools()).tools.length).toBeGreaterThan(10);
  }, 180_000);

  it('uses the environment’s credentials, not the default of a sandbox that stopped', async () => {
    const client = await mcp();
    const result = await client.callTool({
      name: 'payments_getCustomerById',
      arguments: { customerId: SEED_IDS.customers.ada },
    });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: SEED_IDS.customers.ada });
    const stale = await client.callTool({
      name: 'payments_getCustomerById',
      arguments: { customerId: SEED_IDS.customers.ada, connection: 'sandbox-payments' },
    });
    expect(stale.isError).toBe(true);
  });

  it('serves only what --read-only and --tools select, and refuses the rest with -32602', async () => {
    const client = await mcp(
      '--read-only',
      '--tools',
      'payments.*,issues.searchIssues',
      '--max-result-bytes',
      '65536',
    );
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain('payments_getCustomers');
    expect(names).toContain('issues_searchIssues');
    expect(names.every((name) => name.startsWith('payments_') || name === 'issues_searchIssues')).toBe(true);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    expect(names).not.toContain('payments_createCustomer');
    expect(client.getInstructions()).toMatch(/read-only/);

    const error = await client
      .callTool({ name: 'payments_createCustomer', arguments: { email: 'x@example.com' } })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect(stripe.server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('refuses a selection that matches nothing, or a bad size, as a usage error', async () => {
    const none = await runCli(['mcp', '--tools', 'nope.*'], { env: { C_HOST_DATA_DIR: dir.path } });
    expect(none.code).toBe(2);
    expect(none.error).toMatchObject({ kind: 'validation', parameter: 'tools' });
    const size = await runCli(['mcp', '--max-result-bytes', '99999999'], {
      env: { C_HOST_DATA_DIR: dir.path },
    });
    expect(size.code).toBe(2);
    expect(size.error).toMatchObject({ parameter: 'maxResultBytes' });
    const tokens = await runCli(['mcp'], {
      env: { C_HOST_DATA_DIR: dir.path, C_HOST_MCP_MAX_RESULT_TOKENS: '12' },
    });
    expect(tokens.code).toBe(2);
    expect(tokens.error).toMatchObject({ parameter: 'C_HOST_MCP_MAX_RESULT_TOKENS' });
  });
});
