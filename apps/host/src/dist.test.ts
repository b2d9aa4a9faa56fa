import { existsSync } from 'node:fs';
import { type PaymentsSandbox, startPaymentsSimulator } from '@c/payments/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli, runCli } from './test-support/cli.js';
import { tempDir } from './test-support/temp-host.js';

// The build is what `npm start` and the `c-host` bin run; the other tests run the sources. CI builds
// before it tests, so there this checks the bundle too (e.g. that `node:` imports survive bundling).
describe.skipIf(!existsSync(builtCli))('the built c-host', () => {
  let stripe: PaymentsSandbox;
  const dir = tempDir();
  beforeAll(async () => {
    stripe = await startPaymentsSimulator({ seed: true, contracts: false });
  });
  afterAll(async () => {
    await stripe.close();
    dir.remove();
  });

  it('runs a command and lists connections from dist/cli.js', async () => {
    const env = {
      C_HOST_DATA_DIR: dir.path,
      C_PAYMENTS_API_KEY: stripe.connection.credentials.apiKey,
      C_PAYMENTS_BASE_URL: stripe.url,
    };
    const run = await runCli(['run', 'payments.getCustomers', '-p', 'limit=1'], { env, built: true });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.json.data).toHaveLength(1);
    const list = await runCli(['connections', 'list'], { env, built: true });
    expect(list.code, list.stderr).toBe(0);
    expect(list.json).toEqual([expect.objectContaining({ name: 'env', connector: 'payments' })]);
  });
});
