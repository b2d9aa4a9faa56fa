import { randomUUID } from 'node:crypto';
import { PAYMENTS_API_VERSION, payments } from '@c/payments';
import Stripe from 'stripe';
import { Agent, request } from 'undici';
import { compare, printCallTable, startChildServer } from './harness.ts';

interface SimulatorInfo {
  url: string;
  connection: { credentials: { apiKey: string }; options: Record<string, unknown> };
}

/** createCustomer and getCustomers: @c/payments vs stripe-node vs raw undici, one simulator. */
export async function benchPayments(scale: number): Promise<void> {
  const server = await startChildServer<SimulatorInfo>(
    new URL('./servers/simulator-server.ts', import.meta.url).pathname,
    ['payments'],
  );
  const { url, connection } = server.info;
  const key = connection.credentials.apiKey;
  const ours = payments.connect({ credentials: { apiKey: key }, ...connection.options, baseUrl: url });
  const target = new URL(url);
  const stripe = new Stripe(key, {
    host: target.hostname,
    port: Number(target.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  // The raw baselines do per call what a careful hand-written client does, and what @c/payments
  // does: build the auth header, form-encode the same input object, send the same headers (the
  // pinned Stripe-Version, a fresh Idempotency-Key on the POST) and parse the JSON answer.
  const stripeVersion = (connection.options.apiVersion as string | undefined) ?? PAYMENTS_API_VERSION;
  const createInput = { email: 'bench@example.com', name: 'Bench' };
  const listInput = { limit: 10 };
  const rawCreate = async () => {
    const response = await request(`${url}/v1/customers`, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        authorization: `Bearer ${key}`,
        'stripe-version': stripeVersion,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': randomUUID(),
      },
      body: new URLSearchParams(createInput).toString(),
    });
    return response.body.json();
  };
  const rawList = async () => {
    const query = new URLSearchParams({ limit: String(listInput.limit) }).toString();
    const response = await request(`${url}/v1/customers?${query}`, {
      dispatcher: agent,
      headers: { authorization: `Bearer ${key}`, 'stripe-version': stripeVersion },
    });
    return response.body.json();
  };
  const cases: [string, [string, () => Promise<unknown>][]][] = [
    [
      'createCustomer',
      [
        ['raw undici.request', rawCreate],
        ['@c/payments', () => ours.run('createCustomer', createInput)],
        ['stripe-node', () => stripe.customers.create(createInput)],
      ],
    ],
    [
      'getCustomers',
      [
        ['raw undici.request', rawList],
        ['@c/payments', () => ours.run('getCustomers', listInput)],
        ['stripe-node', () => stripe.customers.list(listInput)],
      ],
    ],
  ];
  for (const [command, clients] of cases) {
    for (const concurrency of [1, 32]) {
      const calls = Math.round((concurrency === 1 ? 1500 : 4000) * scale);
      const rows = await compare(clients, { calls, concurrency });
      const stripeRow = rows.find((row) => row.name === 'stripe-node');
      const oursRow = rows.find((row) => row.name === '@c/payments');
      printCallTable(
        `payments.${command}: @c/payments vs stripe-node (${concurrency === 1 ? 'sequential' : `${concurrency} concurrent`}, ${rows[0]?.calls ?? calls} calls)`,
        rows,
        {
          '@c/payments': `≤ 1.25× raw${concurrency === 32 && stripeRow && oursRow ? `; stripe-node/ours = ${(stripeRow.cpuUsPerCall / oursRow.cpuUsPerCall).toFixed(2)}× (target ≥ 2×)` : ''}`,
        },
      );
    }
  }
  await ours.close();
  await agent.close();
  await server.stop();
}
