import { openEphemeral, reopen } from './sealed-rows.js';
import type { SettingStore } from './setting-store.js';
import type { SqliteDeps } from './sqlite-deps.js';

/** The settings and short-lived values tables of the embedded store. */
export const SETTING_SCHEMA = `
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ephemeral (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (kind, key)
);
`;

/** A setting read in the caller's statement (the key record is read inside a transaction). */
export function readSetting(deps: Pick<SqliteDeps, 'db'>, key: string): string | undefined {
  const row = deps.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
    | { value: string }
    | undefined;
  return row?.value;
}

/** Settings and short-lived sealed values in the embedded SQLite store. */
export class SqliteSettingStore implements SettingStore {
  readonly #deps: SqliteDeps;

  constructor(deps: SqliteDeps) {
    this.#deps = deps;
  }

  async getSetting(key: string): Promise<string | undefined> {
    return readSetting(this.#deps, key);
  }

  async setSetting(key: string, value: string): Promise<void> {
    this.#deps.db
      .prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }

  async deleteSetting(key: string): Promise<void> {
    this.#deps.db.prepare('DELETE FROM settings WHERE key = ?').run(key);
  }

  async putEphemeral(kind: string, key: string, value: string, expiresAt: number): Promise<void> {
    const { db, box } = this.#deps;
    db.prepare('DELETE FROM ephemeral WHERE expires_at <= ?').run(this.#deps.now().getTime());
    db.prepare(
      `INSERT INTO ephemeral (kind, key, value, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
    ).run(kind, key, box().seal(value, `${kind}:${key}`), expiresAt);
  }

  async getEphemeral(kind: string, key: string): Promise<string | undefined> {
    const { db, box } = this.#deps;
    const row = db
      .prepare('SELECT value FROM ephemeral WHERE kind = ? AND key = ? AND expires_at > ?')
      .get(kind, key, this.#deps.now().getTime()) as { value: string } | undefined;
    if (!row) return undefined;
    const value = openEphemeral(box(), kind, key, row.value);
    if (value === undefined) db.prepare('DELETE FROM ephemeral WHERE kind = ? AND key = ?').run(kind, key);
    return value;
  }

  async takeEphemeral(kind: string, key: string): Promise<string | undefined> {
    // DELETE … RETURNING is one statement: two callbacks racing with the same state cannot both win.
    const row = this.#deps.db
      .prepare('DELETE FROM ephemeral WHERE kind = ? AND key = ? RETURNING value, expires_at')
      .get(kind, key) as { value: string; expires_at: number } | undefined;
    if (!row || row.expires_at <= this.#deps.now().getTime()) return undefined;
    return openEphemeral(this.#deps.box(), kind, key, row.value);
  }

  /** Re-seals every live short-lived value under the current key, one per transaction; returns how many. */
  resealAll(): number {
    const { db, box } = this.#deps;
    let count = 0;
    const live = db
      .prepare('SELECT kind, key FROM ephemeral WHERE expires_at > ?')
      .all(this.#deps.now().getTime()) as { kind: string; key: string }[];
    for (const { kind, key } of live) {
      this.#deps.transaction(() => {
        const row = db.prepare('SELECT value FROM ephemeral WHERE kind = ? AND key = ?').get(kind, key) as
          | { value: string }
          | undefined;
        const opened = row && reopen(box(), row.value, `${kind}:${key}`);
        if (!opened || opened.current) return;
        db.prepare('UPDATE ephemeral SET value = ? WHERE kind = ? AND key = ?').run(
          box().seal(opened.plaintext, `${kind}:${key}`),
          kind,
          key,
        );
        count += 1;
      });
    }
    return count;
  }
}
