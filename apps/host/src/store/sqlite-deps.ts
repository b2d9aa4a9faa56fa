import type { DatabaseSync } from 'node:sqlite';
import type { SecretBox } from './secret-box.js';

/** What the embedded store lends each of its roles: the database, its sealing box and clock. */
export interface SqliteDeps {
  db: DatabaseSync;
  /** The box of the store's key (unlocked once the tables exist). */
  box: () => SecretBox;
  now: () => Date;
  /** Runs work in one write transaction (`BEGIN IMMEDIATE`), rolled back when it throws. */
  transaction<T>(work: () => T): T;
}

/** A `transaction` for one database: work inside `BEGIN IMMEDIATE`, so writers queue at its start. */
export function sqliteTransaction(db: DatabaseSync): <T>(work: () => T) => T {
  return (work) => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };
}
