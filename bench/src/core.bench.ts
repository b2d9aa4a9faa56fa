import { bearerAuth, HttpClient } from '@c/core';
import { Agent, request } from 'undici';
import { compare, printCallTable, startChildServer } from './harness.ts';

/** Core's client against raw `undici.request` and Node's global fetch, on one loopback server. */
export async function benchCore(scale: number): Promise<void> {
  const server = await startChildServer<{ url: string }>(
    new URL('./servers/json-server.ts', import.meta.url).pathname,
  );
  const url = server.info.url;
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  // Both send the same bearer key and parse the same JSON answer.
  const key = 'sk_bench_key';
  const core = new HttpClient({ provider: 'Bench', baseUrls: { default: url }, auth: bearerAuth(key) });
  const raw = async () => {
    const response = await request(`${url}/v1/customers/cus_1`, {
      dispatcher: agent,
      headers: { authorization: `Bearer ${key}` },
    });
    return response.body.json();
  };
  const viaCore = () => core.request({ method: 'GET', path: '/v1/customers/cus_1' });
  const viaFetch = async () => {
    const response = await fetch(`${url}/v1/customers/cus_1`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return response.json();
  };
  for (const concurrency of [1, 32]) {
    const calls = Math.round((concurrency === 1 ? 3000 : 8000) * scale);
    const rows = await compare(
      [
        ['raw undici.request', raw],
        ['@c/core HttpClient', viaCore],
        ['global fetch', viaFetch],
      ],
      { calls, concurrency },
    );
    printCallTable(
      `@c/core vs raw undici (${concurrency === 1 ? 'sequential' : `${concurrency} concurrent`}, ${rows[0]?.calls ?? calls} GETs)`,
      rows,
      {
        '@c/core HttpClient': '≤ 1.25×',
      },
    );
  }
  await core.close();
  await agent.close();
  await server.stop();
}
