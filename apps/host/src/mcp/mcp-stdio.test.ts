import { type PaymentsSandbox, SEED_IDS, startPaymentsSimulator } from '@c/payments/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCommand, hostRoot } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-host.js';

let stripe: PaymentsSandbox;
let client: Client;
const dir = tempDir();

beforeAll(async () => {
  stripe = await startPaymentsSimulator({ seed: true, contracts: false });
  client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: cliCommand.command,
      args: [...cliCommand.args, 'mcp'],
      cwd: hostRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        C_HOST_DATA_DIR: dir.path,
        C_PAYMENTS_API_KEY: stripe.connection.credentials.apiKey,
        C_PAYMENTS_BASE_URL: stripe.url,
      },
      stderr: 'pipe',
    }),
  );
});

afterAll(async () => {
  await client?.close();
  await stripe.close();
  dir.remove();
});

describe('c-host mcp (stdio)', () => {
  it('lists the 39 commands as tools with hints', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(39);
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
