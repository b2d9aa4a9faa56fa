import { payments } from '@c/payments';
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
  const headers = { authorization: `Bearer ${key}` };
  let counter = 0;
  const rawCreate = async () => {
    counter += 1;
    const response = await request(`${url}/v1/customers`, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        ...headers,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': `k${counter}-${Math.random()}`,
      },
      body: `email=raw${counter}%40example.com&name=Raw`,
    });
    await response.body.json();
  };
  const rawList = async () => {
    const response = await request(`${url}/v1/customers?limit=10`, { dispatcher: agent, headers });
    await response.body.json();
  };
  const cases: [string, [string, () => Promise<unknown>][]][] = [
    [
      'createCustomer',
      [
        ['raw undici.request', rawCreate],
        ['@c/payments', () => ours.run('createCustomer', { email: 'bench@example.com', name: 'Bench' })],
        ['stripe-node', () => stripe.customers.create({ email: 'bench@example.com', name: 'Bench' })],
      ],
    ],
    [
      'getCustomers',
      [
        ['raw undici.request', rawList],
        ['@c/payments', () => ours.run('getCustomers', { limit: 10 })],
        ['stripe-node', () => stripe.customers.list({ limit: 10 })],
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
        `payments.${command}: @c/payments vs stripe-node (${concurrency === 1 ? 'sequential' : `${concurrency} concurrent`}, ${calls} calls)`,
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
