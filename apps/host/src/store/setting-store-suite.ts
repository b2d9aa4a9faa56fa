import { expect, it } from 'vitest';
import type { FreshLocation } from './store-suite-support.js';

/**
 * The settings cases of the shared store suite: settings, and single-use short-lived values.
 */
export function settingStoreCases(location: FreshLocation): void {
  it('keeps settings, and hands out a single-use value once, never after it expires', async () => {
    let now = Date.now();
    const { open } = await location({ now: () => new Date(now) });
    const store = await open();
    expect(await store.settings.getSetting('s')).toBeUndefined();
    await store.settings.setSetting('s', '1');
    await store.settings.setSetting('s', '2');
    expect(await store.settings.getSetting('s')).toBe('2');
    await store.settings.deleteSetting('s');
    expect(await store.settings.getSetting('s')).toBeUndefined();

    await store.settings.putEphemeral('oauth_state', 's1', 'v1', now + 1000);
    await store.settings.putEphemeral('oauth_state', 's2', 'v2', now + 1000);
    expect(await store.settings.getEphemeral('oauth_state', 's1')).toBe('v1');
    expect(await store.settings.takeEphemeral('oauth_state', 's1')).toBe('v1');
    expect(await store.settings.takeEphemeral('oauth_state', 's1')).toBeUndefined();
    now += 2000;
    expect(await store.settings.getEphemeral('oauth_state', 's2')).toBeUndefined();
    expect(await store.settings.takeEphemeral('oauth_state', 's2')).toBeUndefined();
  });

  it('lets one handle take a single-use value when several race for it', async () => {
    const { open } = await location();
    const handles = [await open(), await open(), await open()];
    await handles[0]!.settings.putEphemeral('login', 'once', 'yes', Date.now() + 60_000);
    const taken = await Promise.all(
      Array.from({ length: 9 }, (_, index) => handles[index % 3]!.settings.takeEphemeral('login', 'once')),
    );
    expect(taken.filter((value) => value === 'yes')).toHaveLength(1);
  });
}
