import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { KEY_SETTING } from './secret-box.js';
import { type FreshLocation, KEY_A, KEY_B, KEY_C, refusal, SECRET } from './store-suite-support.js';

/**
 * The key rotation cases of the shared store suite (`HostStore.reseal`): every role's sealed values
 * move to the new key, and nothing written meanwhile is lost.
 */
export function keyRotationCases(location: FreshLocation): void {
  it('reads rows of the old key with C_HOST_SECRET_KEYS_OLD, re-seals them all, then only the new key opens', async () => {
    const { place, open } = await location({ secretKey: KEY_A });
    const before = await open();
    await before.connections.create({
      name: 'p',
      connector: 'payments',
      credentials: { apiKey: SECRET },
      options: {},
    });
    await before.connections.create({
      name: 'o',
      connector: 'issues',
      credentials: { refreshToken: 'rt_1' },
      options: {},
    });
    await before.settings.putEphemeral('session', 's', 'alive', Date.now() + 60_000);
    const sealedBefore = await place.sealedCredentials('p');

    // The first instance given the new key (and the old one as old) moves the store to it.
    const moved = await open({ secretKey: KEY_B, oldKeys: ` ${KEY_C}, ${KEY_A} ` });
    expect((await moved.connections.get('p'))?.credentials.apiKey).toBe(SECRET);
    expect(await moved.settings.getEphemeral('session', 's')).toBe('alive');
    const record = JSON.parse((await moved.settings.getSetting(KEY_SETTING))!);
    expect(record.previous).toHaveLength(1);
    // An instance not yet given the new key still starts (a restart during a rolling change).
    expect(await refusal(place, { secretKey: KEY_A })).toBeUndefined();
    // A key the store does not know is refused, unless one of the old keys is the store's.
    expect(
      await refusal(place, { secretKey: KEY_C, oldKeys: randomBytes(32).toString('base64') }),
    ).toMatchObject({ parameter: 'C_HOST_SECRET_KEY' });

    // New values are sealed with the new key at once.
    await moved.connections.create({
      name: 'n',
      connector: 'docs',
      credentials: { accessToken: 'new' },
      options: {},
    });
    const report = await moved.reseal();
    expect(report).toEqual({ connections: 2, ephemerals: 1, current: 1, unreadable: [] });
    expect(await place.sealedCredentials('p')).not.toBe(sealedBefore);
    // Re-sealing changes no content and no update time: clients built on the row stay valid.
    expect((await moved.connections.get('p'))?.credentials).toEqual({ apiKey: SECRET });
    expect(await moved.reseal()).toEqual({ connections: 0, ephemerals: 0, current: 3, unreadable: [] });

    // Done: the new key alone opens everything, and the old key no longer opens the store.
    const after = await open({ secretKey: KEY_B });
    expect((await after.connections.list()).map((entry) => [entry.name, entry.status])).toEqual([
      ['n', 'ok'],
      ['o', 'ok'],
      ['p', 'ok'],
    ]);
    expect(await after.settings.getEphemeral('session', 's')).toBe('alive');
    expect(JSON.parse((await after.settings.getSetting(KEY_SETTING))!).previous).toBeUndefined();
    expect(await refusal(place, { secretKey: KEY_A })).toMatchObject({ parameter: 'C_HOST_SECRET_KEY' });
  });

  it('loses no token that concurrent refreshes write while it re-seals', async () => {
    const { open } = await location({ secretKey: KEY_A });
    const setup = await open();
    for (let index = 0; index < 10; index += 1) {
      await setup.connections.create({
        name: `c${index}`,
        connector: 'issues',
        credentials: { n: 0 },
        options: {},
      });
    }
    // A rolling change in two steps: first every instance learns the new key (as an old one),
    // then each moves to it; an instance of either step reads what the other writes.
    const learned = await open({ secretKey: KEY_A, oldKeys: KEY_B });
    const moved = await open({ secretKey: KEY_B, oldKeys: KEY_A });
    const rotating = await open({ secretKey: KEY_B, oldKeys: KEY_A });
    const writers = [learned, moved];
    const refreshes = Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        writers[index % 2]!.connections.updateCredentials(`c${index % 10}`, (current) => ({
          n: (current.n as number) + 1,
        })),
      ),
    );
    const [report] = await Promise.all([rotating.reseal(), refreshes]);
    expect(report.unreadable).toEqual([]);
    const finished = await open({ secretKey: KEY_B, oldKeys: KEY_A });
    for (let index = 0; index < 10; index += 1) {
      expect((await finished.connections.get(`c${index}`))?.credentials.n).toBe(6);
    }
    // Whatever the instance still sealing with the old key wrote after the pass, a second pass re-seals.
    await finished.reseal();
    const only = await open({ secretKey: KEY_B });
    for (const entry of await only.connections.list()) expect(entry.status).toBe('ok');
  });
}
