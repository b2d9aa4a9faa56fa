import type { PaymentsSandbox } from '@c/payments/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { stripeCli } from '../test-support/served-host.js';

// `c-host run --idempotency-key` and `--dry-run`, as separate processes sharing one data directory.

let cli: Awaited<ReturnType<typeof stripeCli>>;
let stripe: PaymentsSandbox;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  cli = await stripeCli();
  ({ stripe, env } = cli);
});
afterAll(async () => {
  await cli.close();
});
beforeEach(() => {
  stripe.server.reset();
  stripe.server.clearFaults();
});

const posts = () => stripe.server.calls.filter((call) => call.method === 'POST');
const create = (key: string, email: string) =>
  runCli(['run', 'payments.createCustomer', '-p', `email=${email}`, '--idempotency-key', key], { env });

describe('c-host run --idempotency-key', () => {
  it('makes one customer when two processes run the same keyed call at once', async () => {
    stripe.server.fault({ type: 'delay', ms: 400 });
    const [a, b] = await Promise.all([
      create('cli-k-1', 'ada@example.com'),
      create('cli-k-1', 'ada@example.com'),
    ]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(a.json.id).toMatch(/^cus_/);
    expect(b.json.id).toBe(a.json.id);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.headers['idempotency-key']).toBe('cli-k-1');
    expect(a.stderr + b.stderr).toMatch(/idempotency key was used at .* nothing sent/);
  }, 60_000);

  it('refuses the key for another input with exit code 2', async () => {
    await create('cli-k-2', 'bo@example.com');
    const other = await create('cli-k-2', 'cy@example.com');
    expect(other.code).toBe(2);
    expect(other.error).toMatchObject({ kind: 'validation', parameter: 'idempotencyKey' });
    expect(posts()).toHaveLength(1);
  }, 60_000);
});

describe('c-host run --dry-run', () => {
  it('prints the request with the key masked and sends nothing', async () => {
    const result = await runCli(
      [
        'run',
        'payments.createCustomer',
        '-p',
        'email=dry@example.com',
        '--dry-run',
        '--idempotency-key',
        'cli-k-3',
      ],
      { env },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.json).toMatchObject({
      dryRun: true,
      requests: [
        {
          method: 'POST',
          url: `${stripe.url}/v1/customers`,
          headers: { authorization: 'Bearer [REDACTED]', 'idempotency-key': 'cli-k-3' },
          body: 'email=dry%40example.com',
        },
      ],
    });
    expect(result.stdout).not.toContain(stripe.connection.credentials.apiKey);
    expect(stripe.server.calls).toHaveLength(0);
  }, 60_000);
});

describe('c-host run -p with a JSON value', () => {
  it('refuses a __proto__ key inside it as every surface does, naming it, with exit code 2 and nothing sent', async () => {
    const result = await runCli(
      [
        'run',
        'payments.createCustomer',
        '-p',
        'email=ed@example.com',
        '-p',
        'metadata={"__proto__":{"plan":"gold"}}',
      ],
      { env },
    );
    expect(result.code).toBe(2);
    expect(result.error).toMatchObject({ kind: 'validation', parameter: 'metadata.__proto__' });
    expect(posts()).toHaveLength(0);
  }, 60_000);
});
