import type { PaymentsSandbox } from '@c/payments/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { McpClients } from '../test-support/mcp-clients.js';
import { type ServedHost, servedWithStripe } from '../test-support/served-host.js';
import { tempDir } from '../test-support/temp-host.js';

// Confirmation before harm, with the official SDK client over HTTP and stdio: a destructive tool
// asks the person (elicitation) with the dry run, and runs only when they accept; a client that
// cannot ask runs it only when the person allowed it at start. "Nothing was sent" is read off the
// simulator's own request log.

const TOKEN = 'mcp-confirm-token-0123456789';
const clients = new McpClients();
const dir = tempDir();
let served: ServedHost;
let stripe: PaymentsSandbox;
let base: string;

beforeAll(async () => {
  const withStripe = await servedWithStripe(await loadConnectors(['payments']), TOKEN);
  ({ stripe, base } = withStripe);
  served = withStripe;
});

afterAll(async () => {
  await clients.close();
  await served?.close();
  dir.remove();
});

/** A client whose person answers each question with `answer.action`, and the questions asked. */
function asker(): { client: Client; answer: ElicitResult; asked: ElicitRequest['params'][] } {
  const client = clients.client('asking-agent', { capabilities: { elicitation: { form: {} } } });
  const state = {
    client,
    answer: { action: 'accept' } as ElicitResult,
    asked: [] as ElicitRequest['params'][],
  };
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    state.asked.push(request.params);
    return state.answer;
  });
  return state;
}

const CHARGE = { name: 'payments_createPaymentIntent', arguments: { amount: 1234, currency: 'usd' } };

/** Calls a tool and returns it with the requests the simulator received meanwhile. */
async function sent(client: Client, call: { name: string; arguments: Record<string, unknown> }) {
  const before = stripe.server.calls.length;
  const result = await client.callTool(call);
  const calls = stripe.server.calls.slice(before).map((entry) => `${entry.method} ${entry.path}`);
  const text = (result.content as { text: string }[])[0]?.text ?? '';
  return { result, calls, error: result.isError ? JSON.parse(text).error : undefined };
}

const stdioEnv = (extra: Record<string, string> = {}) => ({
  C_HOST_DATA_DIR: dir.path,
  C_PAYMENTS_API_KEY: stripe.connection.credentials.apiKey,
  C_PAYMENTS_BASE_URL: stripe.url,
  ...extra,
});

/** Accepted, declined and cancelled, in one session. */
async function answersInTurn(agent: ReturnType<typeof asker>) {
  const accepted = await sent(agent.client, CHARGE);
  expect(accepted.result.isError).toBeFalsy();
  expect(accepted.calls).toEqual(['POST /v1/payment_intents']);
  const question = agent.asked[0]!;
  expect(question.message).toMatch(/payments\.createPaymentIntent\. .* Run it\?/);
  expect(question.message).toMatch(/authorization: .*REDACTED/i);
  expect(question.message).toContain(`POST ${stripe.url}/v1/payment_intents`);
  expect(question.message).toContain('amount=1234');
  expect(question.message).not.toContain(stripe.connection.credentials.apiKey);

  for (const action of ['decline', 'cancel'] as const) {
    agent.answer = { action };
    const refused = await sent(agent.client, CHARGE);
    expect(refused.calls).toEqual([]);
    expect(refused.error).toMatchObject({
      kind: 'permission',
      details: { confirmation: action === 'decline' ? 'declined' : 'cancelled', sent: false },
    });
    expect(refused.error.message).toMatch(/nothing was sent/);
  }
  expect(agent.asked).toHaveLength(3);
}

describe('a destructive tool over HTTP', () => {
  it('asks the person with the dry run, and sends only what they accept', async () => {
    const agent = asker();
    await clients.http(base, TOKEN, '', agent.client);
    await answersInTurn(agent);
  });

  it('asks through run_command too, and not for a tool that changes nothing existing', async () => {
    const agent = asker();
    agent.answer = { action: 'decline' };
    await clients.http(base, TOKEN, '', agent.client);
    const viaDiscovery = await sent(agent.client, {
      name: 'run_command',
      arguments: { command: 'payments.createPaymentIntent', input: CHARGE.arguments },
    });
    expect(viaDiscovery.calls).toEqual([]);
    expect(viaDiscovery.error.details.confirmation).toBe('declined');
    const created = await sent(agent.client, {
      name: 'payments_createCustomer',
      arguments: { name: 'Unasked' },
    });
    expect(created.calls).toEqual(['POST /v1/customers']);
    expect(agent.asked).toHaveLength(1);
  });

  it('without elicitation is refused, saying how to allow it, unless the person allowed it', async () => {
    const plain = await clients.http(base, TOKEN);
    const refused = await sent(plain, CHARGE);
    expect(refused.calls).toEqual([]);
    expect(refused.error).toMatchObject({ kind: 'permission', details: { confirmation: 'unavailable' } });
    expect(refused.error.message).toContain('--allow-destructive');
    expect(refused.error.message).toContain('/mcp?allowDestructive=1');
    expect(refused.error.message).toContain('payments.payments');

    const allowed = await clients.http(base, TOKEN, '?allowDestructive=1');
    expect((await sent(allowed, CHARGE)).calls).toEqual(['POST /v1/payment_intents']);
    // A toolset the client's configuration names is the person's choice; one the agent enabled is not.
    const configured = await clients.http(base, TOKEN, '?toolsets=core,payments.payments');
    expect((await sent(configured, CHARGE)).calls).toEqual(['POST /v1/payment_intents']);
    const enabled = await clients.http(base, TOKEN);
    await enabled.callTool({ name: 'enable_toolset', arguments: { id: 'payments.payments' } });
    expect((await sent(enabled, CHARGE)).calls).toEqual([]);
  });
});

describe('a destructive tool over stdio', () => {
  it('asks the person with the dry run, and sends only what they accept', async () => {
    const agent = asker();
    await clients.stdio(stdioEnv(), [], agent.client);
    await answersInTurn(agent);
  });

  it('without elicitation runs only with --allow-destructive or C_HOST_MCP_ALLOW_DESTRUCTIVE', async () => {
    const [plain, flagged, fromEnv] = await Promise.all([
      clients.stdio(stdioEnv()),
      clients.stdio(stdioEnv(), ['--allow-destructive']),
      clients.stdio(stdioEnv({ C_HOST_MCP_ALLOW_DESTRUCTIVE: '1' })),
    ]);
    const refused = await sent(plain, CHARGE);
    expect(refused.calls).toEqual([]);
    expect(refused.error.details.confirmation).toBe('unavailable');
    expect((await sent(flagged, CHARGE)).calls).toEqual(['POST /v1/payment_intents']);
    expect((await sent(fromEnv, CHARGE)).calls).toEqual(['POST /v1/payment_intents']);
  });
});
