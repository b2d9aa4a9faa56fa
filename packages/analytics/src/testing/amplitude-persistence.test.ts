import { describe, expect, it } from 'vitest';
import { analytics } from '../analytics-connector.js';
import { type AmplitudeSandbox, analyticsSimulator } from './index.js';

function connect(sim: AmplitudeSandbox, credentials = sim.connection.credentials) {
  return analytics.connect({ credentials: { ...credentials }, ...sim.connection.options });
}

const events = [
  { event_type: 'Sign Up', user_id: 'persisted-user', device_id: 'DEVICE-0001', insert_id: 'signup-1' },
  {
    event_type: 'Purchase',
    user_id: 'persisted-user',
    device_id: 'DEVICE-0001',
    insert_id: 'purchase-1',
    price: 9,
  },
];

describe('Amplitude simulator: exportState and importState', () => {
  it('brings ingested events, users and keys back on a fresh simulator', async () => {
    const before = await analyticsSimulator.start({
      apiKey: 'project-key',
      secretKey: 'project-secret',
      contracts: false,
    });
    const held = { ...before.connection.credentials };
    let saved: unknown;
    let found: unknown;
    try {
      const client = connect(before);
      const sent = await client.run('sendEvents', { events });
      expect(sent).toMatchObject({ ingested: 2 });
      found = await client.run('userSearch', { user: 'persisted-user' });
      await client.close();
      // Through JSON: what is exported must survive plain serialization.
      saved = JSON.parse(JSON.stringify(before.exportState()));
    } finally {
      await before.close();
    }
    expect(saved).toMatchObject({ version: 1, apiKey: 'project-key' });

    const after = await analyticsSimulator.start({ contracts: false });
    try {
      after.importState(saved);
      expect(after.connection.credentials).toEqual(held);
      const client = connect(after, held);
      // The same user under the same Amplitude ID, found from the replayed events.
      expect(await client.run('userSearch', { user: 'persisted-user' })).toEqual(found);
      expect(after.state.events.map((stored) => stored.event.event_type)).toEqual(['Sign Up', 'Purchase']);
      // Insert ids seen before the restart still deduplicate.
      await client.run('sendEvents', { events });
      expect(after.state.duplicateCount).toBe(2);
      expect(after.state.events).toHaveLength(2);
      await client.close();
    } finally {
      await after.close();
    }
  });

  it('refuses a snapshot of another version and keeps its own data and keys', async () => {
    const sim = await analyticsSimulator.start({ contracts: false });
    try {
      const held = { ...sim.connection.credentials };
      sim.state.ingest(events);
      const snapshot = sim.exportState() as Record<string, unknown>;
      expect(() => sim.importState({ ...snapshot, version: 2, apiKey: 'other', events: [] })).toThrow(
        /version 1 \(got version 2\)/,
      );
      expect(() => sim.importState(undefined)).toThrow(/version/);
      expect(sim.state.events).toHaveLength(2);
      expect(sim.state.apiKey).toBe(held.apiKey);
      expect(sim.connection.credentials).toEqual(held);
    } finally {
      await sim.close();
    }
  });
});
