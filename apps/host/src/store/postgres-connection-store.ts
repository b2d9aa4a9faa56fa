import type pg from 'pg';
import {
  ConnectionExistsError,
  type ConnectionRecord,
  type ConnectionStatus,
  type ConnectionStore,
  type CredentialsUpdate,
  type NewConnection,
} from './connection-store.js';
import { lockKey, type PostgresDeps, UNIQUE_VIOLATION } from './postgres-deps.js';
import {
  type ConnectionReseal,
  type ConnectionRow,
  connectionContext,
  connectionRecord,
  openCredentials,
  reopen,
  sealCredentials,
} from './sealed-rows.js';

/**
 * Connections in PostgreSQL, their credentials sealed. Changes to a connector's connections (its
 * one default) are serialized across instances by a transaction advisory lock on the connector.
 */
export class PostgresConnectionStore implements ConnectionStore {
  readonly #deps: PostgresDeps;

  constructor(deps: PostgresDeps) {
    this.#deps = deps;
  }

  async list(): Promise<ConnectionRecord[]> {
    const { rows } = await this.#deps.pool.query<ConnectionRow>(
      'SELECT * FROM connections ORDER BY connector, created_at, name',
    );
    return rows.map((row) => connectionRecord(this.#deps.box(), row));
  }

  async get(name: string): Promise<ConnectionRecord | undefined> {
    const { rows } = await this.#deps.pool.query<ConnectionRow>('SELECT * FROM connections WHERE name = $1', [
      name,
    ]);
    return rows[0] ? connectionRecord(this.#deps.box(), rows[0]) : undefined;
  }

  async getDefault(connector: string): Promise<ConnectionRecord | undefined> {
    const { rows } = await this.#deps.pool.query<ConnectionRow>(
      'SELECT * FROM connections WHERE connector = $1 AND is_default',
      [connector],
    );
    return rows[0] ? connectionRecord(this.#deps.box(), rows[0]) : undefined;
  }

  async create(input: NewConnection): Promise<ConnectionRecord> {
    try {
      return await this.#deps.transaction(async (client) => {
        await lockConnector(client, input.connector);
        const taken = await client.query('SELECT 1 FROM connections WHERE name = $1', [input.name]);
        if (taken.rowCount) throw new ConnectionExistsError(input.name);
        const hasDefault = await client.query(
          'SELECT 1 FROM connections WHERE connector = $1 AND is_default',
          [input.connector],
        );
        // The first connection of a connector is its default: running a command needs no flag.
        const isDefault = input.isDefault === true || !hasDefault.rowCount;
        if (isDefault) {
          await client.query(
            'UPDATE connections SET is_default = false WHERE connector = $1 AND is_default',
            [input.connector],
          );
        }
        const now = this.#deps.now();
        const { rows } = await client.query<ConnectionRow>(
          `INSERT INTO connections (name, connector, credentials, options, is_default, sandbox, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'ok', $7, $7) RETURNING *`,
          [
            input.name,
            input.connector,
            sealCredentials(this.#deps.box(), input.name, input.credentials),
            JSON.stringify(input.options),
            isDefault,
            input.sandbox ?? false,
            now,
          ],
        );
        return connectionRecord(this.#deps.box(), rows[0]!);
      });
    } catch (error) {
      // The same name created at once for two connectors: the primary key decides.
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === UNIQUE_VIOLATION && constraint === 'connections_pkey') {
        throw new ConnectionExistsError(input.name);
      }
      throw error;
    }
  }

  async updateCredentials(
    name: string,
    update: CredentialsUpdate,
    changes: { status?: ConnectionStatus; options?: Record<string, unknown> } = {},
  ): Promise<ConnectionRecord | undefined> {
    return this.#deps.transaction(async (client) => {
      // FOR UPDATE: concurrent refreshes on any instance apply one after the other, none lost.
      const { rows } = await client.query<ConnectionRow>(
        'SELECT * FROM connections WHERE name = $1 FOR UPDATE',
        [name],
      );
      const row = rows[0];
      if (!row) return undefined;
      const next =
        typeof update === 'function'
          ? update(openCredentials(this.#deps.box(), name, row.credentials))
          : update;
      const updated = await client.query<ConnectionRow>(
        `UPDATE connections SET credentials = $1, options = $2, status = $3, updated_at = $4
         WHERE name = $5 RETURNING *`,
        [
          sealCredentials(this.#deps.box(), name, next),
          changes.options ? JSON.stringify(changes.options) : row.options,
          changes.status ?? row.status,
          this.#deps.now(),
          name,
        ],
      );
      return connectionRecord(this.#deps.box(), updated.rows[0]!);
    });
  }

  async setStatus(name: string, status: ConnectionStatus): Promise<void> {
    await this.#deps.pool.query(
      'UPDATE connections SET status = $1, updated_at = $2 WHERE name = $3 AND status <> $1',
      [status, this.#deps.now(), name],
    );
  }

  async setDefault(name: string): Promise<boolean> {
    return this.#deps.transaction(async (client) => {
      const connector = await connectorOf(client, name);
      if (connector === undefined) return false;
      await lockConnector(client, connector);
      const { rowCount } = await client.query('SELECT 1 FROM connections WHERE name = $1', [name]);
      if (!rowCount) return false;
      await client.query('UPDATE connections SET is_default = false WHERE connector = $1 AND is_default', [
        connector,
      ]);
      await client.query('UPDATE connections SET is_default = true WHERE name = $1', [name]);
      return true;
    });
  }

  async remove(name: string): Promise<boolean> {
    return this.#deps.transaction(async (client) => {
      const connector = await connectorOf(client, name);
      if (connector === undefined) return false;
      await lockConnector(client, connector);
      const { rows } = await client.query<{ is_default: boolean }>(
        'DELETE FROM connections WHERE name = $1 RETURNING is_default',
        [name],
      );
      if (!rows[0]) return false;
      if (rows[0].is_default) {
        await client.query(
          `UPDATE connections SET is_default = true WHERE name = (
             SELECT name FROM connections WHERE connector = $1 ORDER BY created_at, name LIMIT 1)`,
          [connector],
        );
      }
      return true;
    });
  }

  /** Re-seals every connection's credentials under the current key, one row per transaction. */
  async resealAll(): Promise<ConnectionReseal> {
    const report: ConnectionReseal = { connections: 0, current: 0, unreadable: [] };
    const names = await this.#deps.pool.query<{ name: string }>('SELECT name FROM connections ORDER BY name');
    for (const { name } of names.rows) {
      // One row per transaction: a token refresh elsewhere waits for one row at most, and its
      // FOR UPDATE read sees either the old sealing or the new, never loses its write.
      await this.#deps.transaction(async (client) => {
        const { rows } = await client.query<{ credentials: string }>(
          'SELECT credentials FROM connections WHERE name = $1 FOR UPDATE',
          [name],
        );
        if (!rows[0]) return;
        const opened = reopen(this.#deps.box(), rows[0].credentials, connectionContext(name));
        if (!opened) report.unreadable.push(name);
        else if (opened.current) report.current += 1;
        else {
          await client.query('UPDATE connections SET credentials = $1 WHERE name = $2', [
            this.#deps.box().seal(opened.plaintext, connectionContext(name)),
            name,
          ]);
          report.connections += 1;
        }
      });
    }
    return report;
  }
}

/** Serializes changes to a connector's connections (its one default) across instances, till commit. */
async function lockConnector(client: pg.PoolClient, connector: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey(`connector:${connector}`)]);
}

async function connectorOf(client: pg.PoolClient, name: string): Promise<string | undefined> {
  const { rows } = await client.query<{ connector: string }>(
    'SELECT connector FROM connections WHERE name = $1',
    [name],
  );
  return rows[0]?.connector;
}
