import { describe, expect, it } from 'vitest';
import { payments } from '../payments-connector.js';
import { type PaymentsSandbox, paymentsSimulator, SEED_IDS } from './index.js';

function connect(sim: PaymentsSandbox, apiKey = sim.connection.credentials.apiKey) {
  return payments.connect({ credentials: { apiKey }, ...sim.connection.options });
}

describe('Stripe simulator: exportState and importState', () => {
  it('brings a customer and the key its client holds back on a fresh simulator', async () => {
    const before = await paymentsSimulator.start({ seed: true, contracts: false });
    const oldKey = before.connection.credentials.apiKey;
    let saved: unknown;
    let customerId: string;
    try {
      const client = connect(before);
      const created = await client.run('createCustomer', {
        email: 'grace@example.com',
        name: 'Grace Hopper',
      });
      customerId = created.id;
      await client.close();
      // Through JSON: what is exported must survive plain serialization.
      saved = JSON.parse(JSON.stringify(before.exportState()));
    } finally {
      await before.close();
    }
    expect(saved).toMatchObject({ version: 1, apiKey: oldKey });

    const after = await paymentsSimulator.start({ contracts: false });
    try {
      expect(after.connection.credentials.apiKey).not.toBe(oldKey);
      after.importState(saved);
      expect(after.connection.credentials.apiKey).toBe(oldKey);
      const client = connect(after, oldKey);
      const customer = await client.run('getCustomerById', { customerId });
      expect(customer).toMatchObject({ id: customerId, email: 'grace@example.com', name: 'Grace Hopper' });
      const seeded = await client.run('getCustomerById', { customerId: SEED_IDS.customers.ada });
      expect(seeded.id).toBe(SEED_IDS.customers.ada);
      // Newest first, as before the restart.
      expect(after.state.customers.list()[0]?.id).toBe(customerId);
      await client.close();
    } finally {
      await after.close();
    }
  });

  it('refuses a snapshot of another version and keeps its own data and key', async () => {
    const sim = await paymentsSimulator.start({ seed: true, contracts: false });
    try {
      const key = sim.connection.credentials.apiKey;
      const snapshot = sim.exportState() as { version: number; apiKey: string };
      sim.state.reset();
      expect(() => sim.importState({ ...snapshot, version: 2, apiKey: 'sk_test_other' })).toThrow(
        /version 1 \(got version 2\)/,
      );
      expect(() => sim.importState('not a snapshot')).toThrow(/version/);
      expect(sim.state.customers.size).toBe(0);
      expect(sim.connection.credentials.apiKey).toBe(key);
      const client = connect(sim);
      await expect(client.run('getCustomers', {})).resolves.toBeDefined();
      await client.close();
    } finally {
      await sim.close();
    }
  });
});
