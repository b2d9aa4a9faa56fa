import { afterEach, describe, expect, it } from 'vitest';
import { auditStoreCases } from './audit-store-suite.js';
import { connectionStoreCases } from './connection-store-suite.js';
import { failureStoreCases } from './failure-store-suite.js';
import { historyStoreCases } from './history-store-suite.js';
import type { HostStore } from './host-store.js';
import { keyRotationCases } from './key-rotation-suite.js';
import { lockStoreCases } from './lock-store-suite.js';
import { runStoreCases } from './run-store-suite.js';
import { settingStoreCases } from './setting-store-suite.js';
import { KEY_A, KEY_B, type StoreHarness, type StoreOpenOptions } from './store-suite-support.js';
import { triggerStoreCases } from './trigger-store-suite.js';

/**
 * The behaviour every `HostStore` shares, run against each store (the embedded SQLite one and
 * PostgreSQL), one suite per role: connections, settings, locks and slots, failure counts, the
 * audit log, run history, async runs, triggers; then key rotation across them all. Several handles on one
 * location stand for several processes or host instances.
 */
export function storeSuite(harness: StoreHarness): void {
  const stores: HostStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  /** A fresh location and a way to open it, every handle closed after the test. */
  async function location(defaults: StoreOpenOptions = {}) {
    const place = await harness.fresh();
    const key = harness.keyRequired ? KEY_A : undefined;
    return {
      place,
      async open(options: StoreOpenOptions = {}) {
        const store = await place.open({ secretKey: key, ...defaults, ...options });
        stores.push(store);
        return store;
      },
    };
  }

  describe(`${harness.name} (shared store suite)`, () => {
    it('is ready once open', async () => {
      const { open } = await location();
      expect(await (await open()).checkReady()).toMatchObject({ ready: true });
    });
    describe('connections', () => connectionStoreCases(location));
    describe('settings', () => settingStoreCases(location));
    describe('locks and slots', () => lockStoreCases(location));
    describe('failure counts (the guessing throttle)', () => failureStoreCases(location));
    describe('audit log', () => auditStoreCases(location));
    describe('run history', () => historyStoreCases(location));
    describe('async runs', () => runStoreCases(location));
    describe('triggers', () => triggerStoreCases(location, [KEY_A, KEY_B]));
    describe('key rotation', () => keyRotationCases(location));
  });
}
