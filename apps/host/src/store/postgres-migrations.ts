import { FAILURE_MIGRATION_SQL } from './postgres-failure-store.js';
import { HISTORY_MIGRATION_SQL } from './postgres-history-store.js';
import {
  TRIGGER_HOOK_URL_MIGRATION_SQL,
  TRIGGER_MIGRATION_SQL,
  TRIGGER_REPLAY_MIGRATION_SQL,
} from './postgres-trigger-store.js';

/**
 * One step of the PostgreSQL schema. Steps are applied in version order, each in its own
 * transaction, and recorded in `schema_migrations`; an applied step never changes. Steps only add
 * (tables, columns with defaults, indexes): during a rolling upgrade, instances of the previous
 * version keep working on the newer schema.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The schema every table lives in (the connection's `search_path` points at it). */
export const SCHEMA = 'c_host';

/** Every step of the schema, oldest first. Add new steps at the end with the next version number. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'connections, settings, short-lived values and shared slots',
    sql: `
CREATE TABLE connections (
  name text PRIMARY KEY,
  connector text NOT NULL,
  credentials text NOT NULL,
  options text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  sandbox boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'ok',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- One default per connector, whatever instances do at once.
CREATE UNIQUE INDEX connections_one_default ON connections (connector) WHERE is_default;

CREATE TABLE settings (key text PRIMARY KEY, value text NOT NULL);

CREATE TABLE ephemeral (
  kind text NOT NULL,
  key text NOT NULL,
  value text NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (kind, key)
);
CREATE INDEX ephemeral_expires_at ON ephemeral (expires_at);

CREATE TABLE slots (
  name text NOT NULL,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (name, holder)
);

-- Takes one of p_limit slots of a budget in one round trip: the transaction-scoped advisory lock
-- makes the count and the insert one step for every instance. Expired slots (their holder died
-- without giving them back) are cleared first.
CREATE FUNCTION take_slot(p_name text, p_holder text, p_limit integer, p_ttl_ms integer)
RETURNS boolean
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('c-host slot:' || p_name, 0));
  DELETE FROM slots WHERE name = p_name AND expires_at <= clock_timestamp();
  IF (SELECT count(*) FROM slots WHERE name = p_name) >= p_limit THEN
    RETURN false;
  END IF;
  INSERT INTO slots (name, holder, expires_at)
  VALUES (p_name, p_holder, clock_timestamp() + p_ttl_ms * interval '1 millisecond');
  RETURN true;
END
$$;
`,
  },
  {
    version: 2,
    name: 'async runs and their results',
    sql: `
CREATE TABLE runs (
  id text PRIMARY KEY,
  command text NOT NULL,
  connection text NOT NULL,
  input text NOT NULL,
  repeat_safe boolean NOT NULL,
  status text NOT NULL,
  progress text,
  result text,
  error text,
  attempt integer NOT NULL DEFAULT 0,
  owner text,
  lease_expires_at bigint,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX runs_status ON runs (status, created_at);
CREATE INDEX runs_finished ON runs (finished_at) WHERE finished_at IS NOT NULL;

-- A result's list as NDJSON pieces, so that a big export is written and read a piece at a time.
CREATE TABLE run_pieces (
  run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (run_id, seq)
);
`,
  },
  {
    version: 3,
    name: 'audit log',
    sql: `
CREATE TABLE audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  connection text,
  outcome text NOT NULL,
  request_id text
);
CREATE INDEX audit_at ON audit (at);
`,
  },
  {
    version: 4,
    name: 'trigger subscriptions, events and deliveries',
    sql: TRIGGER_MIGRATION_SQL,
  },
  {
    version: 5,
    name: 'failed access checks per client (the guessing throttle)',
    sql: FAILURE_MIGRATION_SQL,
  },
  {
    version: 6,
    name: 'replay keys of signed webhook deliveries',
    sql: TRIGGER_REPLAY_MIGRATION_SQL,
  },
  {
    version: 7,
    name: 'the hook URL each webhook subscription was registered at',
    sql: TRIGGER_HOOK_URL_MIGRATION_SQL,
  },
  {
    version: 8,
    name: 'run history: one line for every run on every surface',
    sql: HISTORY_MIGRATION_SQL,
  },
];

/** The newest schema version this build knows. */
export const LATEST_VERSION = MIGRATIONS.reduce((most, step) => Math.max(most, step.version), 0);
