import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { type PaymentsSandbox, SEED_IDS, startPaymentsSimulator } from '@c/payments/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { Registry } from '../registry.js';
import { cliCommand, hostRoot } from '../test-support/cli.js';
import { McpClients } from '../test-support/mcp-clients.js';
import { tempDir } from '../test-support/temp-host.js';

let stripe: PaymentsSandbox;
let client: Client;
const dir = tempDir();
const clients = new McpClients();

beforeAll(async () => {
  stripe = await startPaymentsSimulator({ seed: true, contracts: false });
  client = await clients.stdio(
    {
      C_HOST_DATA_DIR: dir.path,
      C_PAYMENTS_API_KEY: stripe.connection.credentials.apiKey,
      C_PAYMENTS_BASE_URL: stripe.url,
    },
    ['--toolsets', 'all'],
  );
});

afterAll(async () => {
  await clients.close();
  await stripe.close();
  dir.remove();
});

describe('c-host mcp (stdio)', () => {
  it('lists every command as a tool with hints', async () => {
    const { tools } = await client.listTools();
    const commands = new Registry(await loadConnectors()).commands().length;
    // Every command, and the two event tools of the triggers.
    expect(tools).toHaveLength(commands + 2);
    expect(tools.slice(-2).map((tool) => tool.name)).toEqual(['list_subscriptions', 'read_events']);
    expect(tools.find((tool) => tool.name === 'payments_getCustomerById')).toMatchObject({
      title: 'Get Customer By Id',
      annotations: { readOnlyHint: true, destructiveHint: false },
      inputSchema: { type: 'object', required: ['customerId'] },
    });
    expect(tools.find((tool) => tool.name === 'issues_deleteIssue')?.annotations).toMatchObject({
      destructiveHint: true,
    });
  });

  it('runs a tool on the env connection and returns failures as isError results', async () => {
    const ok = await client.callTool({
      name: 'payments_getCustomerById',
      arguments: { customerId: SEED_IDS.customers.ada },
    });
    expect(ok.isError).toBeFalsy();
    expect(ok.structuredContent).toMatchObject({ id: SEED_IDS.customers.ada, object: 'customer' });
    expect(stripe.server.calls.at(-1)?.path).toBe(`/v1/customers/${SEED_IDS.customers.ada}`);

    const missing = await client.callTool({
      name: 'payments_getCustomerById',
      arguments: { customerId: 'cus_Nope' },
    });
    expect(missing.isError).toBe(true);
    const body = JSON.parse((missing.content as { text: string }[])[0]!.text);
    expect(body.error).toMatchObject({ kind: 'not_found', status: 404 });

    const noConnection = await client.callTool({ name: 'docs_searchDocuments', arguments: { name: 'x' } });
    expect(noConnection.isError).toBe(true);
    expect(JSON.parse((noConnection.content as { text: string }[])[0]!.text).error.parameter).toBe(
      'connection',
    );
  });
});

describe('c-host mcp (stdio) with a client that sends garbage', () => {
  it('answers a line that is not JSON with -32700 and one that is not JSON-RPC with -32600, then keeps serving', async () => {
    const child = spawn(cliCommand.command, [...cliCommand.args, 'mcp', '--toolsets', 'all'], {
      cwd: hostRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', C_HOST_DATA_DIR: dir.path },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const answers: any[] = [];
    // Lines are answered in order: once the tools/list answer is in, any answer to the garbage is too.
    const listed = new Promise<void>((resolve, reject) => {
      child.once('exit', (code) =>
        reject(new Error(`the server exited (${code}) after ${answers.length} answers`)),
      );
      createInterface({ input: child.stdout }).on('line', (line) => {
        answers.push(JSON.parse(line));
        if (answers.at(-1)?.id === 7) resolve();
      });
    });
    child.stdin.write('not json {\n');
    child.stdin.write('{"hello":"world"}\n');
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' })}\n`);
    try {
      await listed;
    } finally {
      child.stdin.end();
      child.kill();
    }
    expect(answers).toHaveLength(3);
    expect(answers[0]).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.any(String) },
    });
    expect(answers[1]).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.any(String) },
    });
    expect(answers[2]).toMatchObject({ jsonrpc: '2.0', id: 7 });
    expect(answers[2].result.tools).toHaveLength(new Registry(await loadConnectors()).commands().length + 2);
  }, 60_000);
});
