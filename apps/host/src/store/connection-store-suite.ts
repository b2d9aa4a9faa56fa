import { expect, it } from 'vitest';
import { KEY_SETTING, SecretBox } from './secret-box.js';
import { type FreshLocation, KEY_A, KEY_B, refusal, SECRET } from './store-suite-support.js';

/**
 * The connections cases of the shared store suite: credentials sealed at rest and under the store's
 * key only, atomic updates across handles, one default per connector, `needs_reconnect`.
 */
export function connectionStoreCases(location: FreshLocation): void {
  it('keeps secrets sealed at rest: nothing the storage holds shows one in clear', async () => {
    const { place, open } = await location();
    const store = await open();
    await store.connections.create({
      name: 'live',
      connector: 'payments',
      credentials: { apiKey: SECRET },
      options: {},
    });
    await store.connections.updateCredentials('live', (current) => ({
      ...current,
      refreshToken: `${SECRET}-refresh`,
    }));
    await store.settings.putEphemeral('oauth_state', 'k', `verifier-${SECRET}`, Date.now() + 60_000);
    await store.close();
    const raw = await place.rawContent();
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.includes(Buffer.from(SECRET))).toBe(false);
    expect(raw.includes(Buffer.from(SECRET.slice(8, 24)))).toBe(false);
    const again = await open();
    expect((await again.connections.get('live'))?.credentials).toEqual({
      apiKey: SECRET,
      refreshToken: `${SECRET}-refresh`,
    });
    expect(await again.settings.getEphemeral('oauth_state', 'k')).toBe(`verifier-${SECRET}`);
  });

  it('refuses a key that is not the store’s, without echoing it', async () => {
    const { place, open } = await location({ secretKey: KEY_A });
    await (await open()).connections.create({
      name: 'a',
      connector: 'payments',
      credentials: { apiKey: SECRET },
      options: {},
    });
    const wrong = await refusal(place, { secretKey: 'a passphrase of another store' });
    expect(wrong).toMatchObject({ kind: 'validation', parameter: 'C_HOST_SECRET_KEY' });
    expect(wrong.message).toMatch(/does not open/);
    expect(wrong.message).toMatch(/C_HOST_SECRET_KEYS_OLD/);
    expect(wrong.message).not.toContain('a passphrase of another store');
    expect(await refusal(place, { secretKey: KEY_B })).toMatchObject({ parameter: 'C_HOST_SECRET_KEY' });
    expect((await (await open()).connections.get('a'))?.credentials.apiKey).toBe(SECRET);
  });

  it('reports one row sealed with another key on that connection only; the rest keeps working', async () => {
    const { place, open } = await location();
    const store = await open();
    await store.connections.create({
      name: 'good',
      connector: 'payments',
      credentials: { apiKey: SECRET },
      options: {},
    });
    await store.settings.putEphemeral('session', 'mine', '1', Date.now() + 60_000);
    // What an older host left behind after it silently made a new key: rows under two keys.
    const stranger = new SecretBox(Buffer.alloc(32, 9));
    await place.insertConnection(
      'lost',
      'docs',
      stranger.seal(JSON.stringify({ accessToken: 'x' }), 'connection:lost'),
    );
    await place.insertEphemeral('session', 'old', stranger.seal('1', 'session:old'), Date.now() + 60_000);

    const listed = await store.connections.list();
    expect(listed.map((record) => [record.name, record.status])).toEqual([
      ['lost', 'unreadable'],
      ['good', 'ok'],
    ]);
    expect(listed[0]!.credentials).toEqual({});
    expect((await store.connections.get('good'))?.credentials.apiKey).toBe(SECRET);
    expect(await store.settings.getEphemeral('session', 'old')).toBeUndefined();
    expect(await store.settings.takeEphemeral('session', 'old')).toBeUndefined();
    expect(await store.settings.getEphemeral('session', 'mine')).toBe('1');
    // An update that needs the old credentials cannot make them up; a whole new set replaces them.
    await expect(store.connections.updateCredentials('lost', (current) => current)).rejects.toThrow(
      /cannot be decrypted/,
    );
    await store.connections.updateCredentials('lost', { accessToken: 'fresh' }, { status: 'ok' });
    expect(await store.connections.get('lost')).toMatchObject({
      status: 'ok',
      credentials: { accessToken: 'fresh' },
    });
  });

  it('stretches a passphrase with a random salt of its own store: a row carried over does not open', async () => {
    const passphrase = 'correct horse battery staple';
    const first = await location({ secretKey: passphrase });
    const second = await location({ secretKey: passphrase });
    await (await first.open()).connections.create({
      name: 'a',
      connector: 'payments',
      credentials: { apiKey: SECRET },
      options: {},
    });
    const other = await second.open();
    const records = [JSON.parse((await (await first.open()).settings.getSetting(KEY_SETTING))!)];
    records.push(JSON.parse((await other.settings.getSetting(KEY_SETTING))!));
    expect(records[0]).toMatchObject({ version: 2, kdf: 'scrypt', salt: expect.any(String) });
    expect(records[0].salt).not.toBe(records[1].salt);
    await second.place.insertConnection('a', 'payments', await first.place.sealedCredentials('a'));
    expect((await other.connections.get('a'))?.status).toBe('unreadable');
    expect((await (await first.open()).connections.get('a'))?.credentials.apiKey).toBe(SECRET);
  });

  it('keeps rotated tokens across a restart', async () => {
    const { open } = await location();
    const store = await open();
    await store.connections.create({
      name: 'o',
      connector: 'issues',
      credentials: { accessToken: 'at_1', refreshToken: 'rt_1' },
      options: {},
    });
    await store.connections.updateCredentials('o', (current) => ({
      ...current,
      accessToken: 'at_2',
      refreshToken: 'rt_2',
    }));
    await store.close();
    expect((await (await open()).connections.get('o'))?.credentials).toEqual({
      accessToken: 'at_2',
      refreshToken: 'rt_2',
    });
  });

  it('applies concurrent credential updates from several handles one after the other', async () => {
    const { open } = await location();
    const handles = [await open(), await open()];
    await handles[0]!.connections.create({
      name: 'c',
      connector: 'issues',
      credentials: { n: 0 },
      options: {},
    });
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        handles[index % 2]!.connections.updateCredentials('c', (current) => ({
          n: (current.n as number) + 1,
        })),
      ),
    );
    expect((await handles[0]!.connections.get('c'))?.credentials.n).toBe(20);
  });

  it('keeps one default per connector; the first is the default and a removed default passes on', async () => {
    const { open } = await location();
    const store = await open();
    const first = await store.connections.create({
      name: 'one',
      connector: 'payments',
      credentials: {},
      options: {},
    });
    const second = await store.connections.create({
      name: 'two',
      connector: 'payments',
      credentials: {},
      options: {},
    });
    await store.connections.create({ name: 'x', connector: 'docs', credentials: {}, options: {} });
    expect([first.isDefault, second.isDefault]).toEqual([true, false]);
    expect(await store.connections.setDefault('two')).toBe(true);
    expect((await store.connections.getDefault('payments'))?.name).toBe('two');
    expect((await store.connections.getDefault('docs'))?.name).toBe('x');
    await store.connections.remove('two');
    expect((await store.connections.getDefault('payments'))?.name).toBe('one');
    expect(await store.connections.remove('two')).toBe(false);
    expect(await store.connections.setDefault('nope')).toBe(false);
    await expect(
      store.connections.create({ name: 'one', connector: 'payments', credentials: {}, options: {} }),
    ).rejects.toThrow(/already exists/);
  });

  it('keeps one default when handles create a connector’s connections at once, and one of two same names', async () => {
    const { open } = await location();
    const handles = [await open(), await open(), await open()];
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        handles[index % 3]!.connections.create({
          name: `p${index}`,
          connector: 'payments',
          credentials: {},
          options: {},
        }),
      ),
    );
    const listed = await handles[0]!.connections.list();
    expect(listed).toHaveLength(6);
    expect(listed.filter((record) => record.isDefault)).toHaveLength(1);
    const outcomes = await Promise.allSettled(
      handles.map((store, index) =>
        store.connections.create({
          name: 'same',
          connector: index === 0 ? 'docs' : 'issues',
          credentials: {},
          options: {},
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason.name).toBe('ConnectionExistsError');
    }
  });

  it('records needs_reconnect and clears it with new credentials', async () => {
    const { open } = await location();
    const store = await open();
    await store.connections.create({
      name: 'o',
      connector: 'docs',
      credentials: { accessToken: 'a' },
      options: { x: 1 },
    });
    await store.connections.setStatus('o', 'needs_reconnect');
    expect((await store.connections.get('o'))?.status).toBe('needs_reconnect');
    const updated = await store.connections.updateCredentials('o', () => ({ accessToken: 'b' }), {
      status: 'ok',
      options: { x: 2 },
    });
    expect(updated).toMatchObject({ status: 'ok', options: { x: 2 }, credentials: { accessToken: 'b' } });
    expect(await store.connections.updateCredentials('missing', { a: 1 })).toBeUndefined();
  });
}
