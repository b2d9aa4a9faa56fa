import type { PostgresDeps } from './postgres-deps.js';
import { openEphemeral, reopen } from './sealed-rows.js';
import type { SettingStore } from './setting-store.js';

/** Settings and short-lived sealed values in PostgreSQL, shared by every instance of a fleet. */
export class PostgresSettingStore implements SettingStore {
  readonly #deps: PostgresDeps;

  constructor(deps: PostgresDeps) {
    this.#deps = deps;
  }

  async getSetting(key: string): Promise<string | undefined> {
    const { rows } = await this.#deps.pool.query<{ value: string }>(
      'SELECT value FROM settings WHERE key = $1',
      [key],
    );
    return rows[0]?.value;
  }

  async setSetting(key: string, value: string): Promise<void> {
    await this.#deps.pool.query(
      'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      [key, value],
    );
  }

  async deleteSetting(key: string): Promise<void> {
    await this.#deps.pool.query('DELETE FROM settings WHERE key = $1', [key]);
  }

  async putEphemeral(kind: string, key: string, value: string, expiresAt: number): Promise<void> {
    await this.#deps.pool.query('DELETE FROM ephemeral WHERE expires_at <= $1', [this.#deps.now().getTime()]);
    await this.#deps.pool.query(
      `INSERT INTO ephemeral (kind, key, value, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
      [kind, key, this.#deps.box().seal(value, `${kind}:${key}`), expiresAt],
    );
  }

  async getEphemeral(kind: string, key: string): Promise<string | undefined> {
    const { rows } = await this.#deps.pool.query<{ value: string }>(
      'SELECT value FROM ephemeral WHERE kind = $1 AND key = $2 AND expires_at > $3',
      [kind, key, this.#deps.now().getTime()],
    );
    if (!rows[0]) return undefined;
    const value = openEphemeral(this.#deps.box(), kind, key, rows[0].value);
    if (value === undefined) {
      await this.#deps.pool.query('DELETE FROM ephemeral WHERE kind = $1 AND key = $2', [kind, key]);
    }
    return value;
  }

  async takeEphemeral(kind: string, key: string): Promise<string | undefined> {
    // DELETE … RETURNING is one statement: two instances racing with the same value cannot both win.
    const { rows } = await this.#deps.pool.query<{ value: string; expires_at: string }>(
      'DELETE FROM ephemeral WHERE kind = $1 AND key = $2 RETURNING value, expires_at',
      [kind, key],
    );
    const row = rows[0];
    if (!row || Number(row.expires_at) <= this.#deps.now().getTime()) return undefined;
    return openEphemeral(this.#deps.box(), kind, key, row.value);
  }

  /** Re-seals every live short-lived value under the current key, one per transaction; returns how many. */
  async resealAll(): Promise<number> {
    let count = 0;
    const live = await this.#deps.pool.query<{ kind: string; key: string }>(
      'SELECT kind, key FROM ephemeral WHERE expires_at > $1',
      [this.#deps.now().getTime()],
    );
    for (const { kind, key } of live.rows) {
      await this.#deps.transaction(async (client) => {
        const { rows } = await client.query<{ value: string }>(
          'SELECT value FROM ephemeral WHERE kind = $1 AND key = $2 FOR UPDATE',
          [kind, key],
        );
        const opened = rows[0] && reopen(this.#deps.box(), rows[0].value, `${kind}:${key}`);
        if (!opened || opened.current) return;
        await client.query('UPDATE ephemeral SET value = $1 WHERE kind = $2 AND key = $3', [
          this.#deps.box().seal(opened.plaintext, `${kind}:${key}`),
          kind,
          key,
        ]);
        count += 1;
      });
    }
    return count;
  }
}
