PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE connections (
  name TEXT PRIMARY KEY,
  connector TEXT NOT NULL,
  credentials TEXT NOT NULL,
  options TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  sandbox INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'ok',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
INSERT INTO connections VALUES('live','payments','v1:iWrtiGwbCHy7Xioi/6UR2pD5W4CQRHpQ9oUOQj2JG4846zZ5lrD4HF+e295FBBJtbNqxVSsQxpqU6CmRaQ==','{"accountId":"acct_1"}',1,0,'ok','2026-12-01T12:00:00.000Z','2026-12-01T12:00:00.000Z');
INSERT INTO connections VALUES('docs-oauth','docs','v1:xfvNNJoTtts4YTHZFzen4uruBZ0VYo7raiBLeC5KH3IsNFS8sxhTkW0OmmwwlDpqbBjnaBH8+xFNoMr2MpIui28ar4jaZ57Mr3jeKeDbm3HwEZGd8JM=','{}',1,0,'needs_reconnect','2026-12-01T12:00:00.000Z','2026-12-01T12:00:00.000Z');
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO settings VALUES('secret_key','{"version":2,"kdf":"raw","check":"4owUSAn3xtjWKu9W6qjmTYvs7Y9Pr++0m8NlzASwhcw="}');
INSERT INTO settings VALUES('access_token_sha256','abababababababababababababababababababababababababababababababab');
CREATE TABLE ephemeral (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (kind, key)
);
INSERT INTO ephemeral VALUES('session','cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd','v1:jtWFJy3Jb/aEWtkiqHG/u5YithFPAANQEW3OVmPpOCeQY2jdi3jXvzVIrqI=',4102444800000);
CREATE TABLE locks (name TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE slots (
  name TEXT NOT NULL,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (name, holder)
);
CREATE TABLE runs (
  id TEXT PRIMARY KEY,
  command TEXT NOT NULL,
  connection TEXT NOT NULL,
  input TEXT NOT NULL,
  repeat_safe INTEGER NOT NULL,
  status TEXT NOT NULL,
  progress TEXT,
  result TEXT,
  error TEXT,
  attempt INTEGER NOT NULL DEFAULT 0,
  owner TEXT,
  lease_expires_at INTEGER,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);
INSERT INTO runs VALUES('00000000-0000-4000-8000-000000000001','payments.getCustomers','live','v1:Q79w+4/RY8bpEk9/oEsXZLL0mxv04baoIs2FEwzu1PjhnPaMWkseswnb86q64uTs5IzwER2GrcnoIH6o8fXA',1,'succeeded',NULL,'v1:Z3GYX0XOwAUJtXXBd0OUzZg7IIR+8aG4DrarqcK+IOnyM6BWrC/NAIm9BrhjJ1gzglyq6cEH3ZIrqMbZZF+SQzZxoXWgDsGLrzk4hAuHxIpdH9F8Pt/6',NULL,1,NULL,NULL,'2026-12-01T12:00:00.000Z','2026-12-01T12:00:00.000Z','2026-12-01T12:00:00.000Z');
INSERT INTO runs VALUES('00000000-0000-4000-8000-000000000002','payments.createCustomer','live','v1:ZIfoE6acktn6aYZs0NK21rSBeuLl+vcnxR4xXMEjAnIgRDeeJE511KRCK0+CpUuxww+iJgPBT0H28WJRrk2lnl34iz+c4vOhH4w75YznCCIeMl8Ozf7bohk/s4RFd+tS5igZiHDcWFp7jDcaTDVvAtcN112m',0,'queued',NULL,NULL,NULL,0,NULL,NULL,'2026-12-01T12:00:00.000Z',NULL,NULL);
CREATE TABLE run_pieces (
  run_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
);
INSERT INTO run_pieces VALUES('00000000-0000-4000-8000-000000000001',0,'v1:JBJQcuE1Af90i5FZ4JpaAzljUgAVE+xsIWf1t4CwJQ5WRHVoHKo0r1W6Hg==');
INSERT INTO run_pieces VALUES('00000000-0000-4000-8000-000000000001',1,'v1:v8tpSeeb5Eb2wCJxmozh0J9p3cye9p76GQ21UaVSsat68O0nm/wu4QpX+A==');
CREATE TABLE audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  connection TEXT,
  outcome TEXT NOT NULL,
  request_id TEXT
);
INSERT INTO audit VALUES(1,'2026-12-01T11:00:00.000Z','cli','connection.create','live','live','ok',NULL);
INSERT INTO audit VALUES(2,'2026-12-01T11:30:00.000Z','token:0123456789ab','command.run','payments.createCustomer','live','ok','req_FIXTURE');
CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  trigger TEXT NOT NULL,
  connection TEXT NOT NULL,
  input TEXT NOT NULL,
  state TEXT NOT NULL,
  deliver_to TEXT,
  deliver_secret TEXT,
  cursor TEXT,
  renew_at TEXT,
  hook_url TEXT,
  status TEXT NOT NULL DEFAULT 'active',
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
INSERT INTO subscriptions VALUES('sub_fixture','payments.event','live','{"events":["customer.created"]}','v1:Tr3R86gIVbf9KWMnmYd9Sp8wUQ5uyQsvX4Lx4/eKogVYvm9XuVAPHa6TLiOpw08Zj4N79bSr7zCwSrVPPAJRI/XONcs9XrX1zk8=','{"url":"https://example.com/hook"}','v1:fP8a4Bgf0BpUmoShcRMA4IabozKNkIiAqmO3EGf0uCEKwyh0sSXhaI3nkQ==',NULL,NULL,'https://host.example.com/hooks/sub_fixture','active',NULL,'2026-12-01T12:00:00.000Z','2026-12-01T12:00:00.000Z');
CREATE TABLE trigger_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  subscription_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  trigger TEXT NOT NULL,
  type TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  received_at TEXT NOT NULL,
  data TEXT NOT NULL,
  UNIQUE (subscription_id, event_id)
);
INSERT INTO trigger_events VALUES(1,'sub_fixture','evt_1','payments.event','customer.created','2026-12-01T11:45:00.000Z','2026-12-01T12:00:00.000Z','v1:p4nqzXUNoj206qE+7c9kdH5Fb7XADMjN06nPlVLhJ2Nlb/ZaDDQBChYeoP57cmzv5MBoRcBOtMYjt7c=');
CREATE TABLE deliveries (
  subscription_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  last_status INTEGER,
  last_error TEXT,
  next_attempt_at INTEGER NOT NULL,
  lease_until INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  delivered_at TEXT,
  PRIMARY KEY (subscription_id, seq)
);
INSERT INTO deliveries VALUES('sub_fixture',1,'evt_1','pending',0,NULL,NULL,1796126400000,0,'2026-12-01T12:00:00.000Z',NULL);
CREATE TABLE trigger_replays (
  subscription_id TEXT NOT NULL,
  replay_key TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (subscription_id, replay_key)
);
INSERT INTO trigger_replays VALUES('sub_fixture','replay-1',4102445100000);
CREATE TABLE access_failures (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  reset_at INTEGER NOT NULL
);
INSERT INTO access_failures VALUES('ip:203.0.113.7',1,4102444800000);
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('audit',2);
INSERT INTO sqlite_sequence VALUES('trigger_events',1);
CREATE INDEX connections_connector ON connections (connector);
CREATE INDEX runs_status ON runs (status, created_at);
CREATE INDEX runs_finished ON runs (finished_at);
CREATE INDEX audit_at ON audit (at);
CREATE INDEX trigger_events_subscription ON trigger_events (subscription_id, seq);
CREATE INDEX deliveries_pending ON deliveries (status, subscription_id, seq);
CREATE INDEX access_failures_reset_at ON access_failures (reset_at);
COMMIT;
