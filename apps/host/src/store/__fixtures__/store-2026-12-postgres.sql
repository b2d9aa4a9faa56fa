--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: c_host; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA c_host;


--
-- Name: take_slot(text, text, integer, integer); Type: FUNCTION; Schema: c_host; Owner: -
--

CREATE FUNCTION c_host.take_slot(p_name text, p_holder text, p_limit integer, p_ttl_ms integer) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO 'c_host'
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


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: access_failures; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.access_failures (
    key text NOT NULL,
    count integer NOT NULL,
    reset_at bigint NOT NULL
);


--
-- Name: audit; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.audit (
    id bigint NOT NULL,
    at timestamp with time zone NOT NULL,
    actor text NOT NULL,
    action text NOT NULL,
    target text NOT NULL,
    connection text,
    outcome text NOT NULL,
    request_id text
);


--
-- Name: audit_id_seq; Type: SEQUENCE; Schema: c_host; Owner: -
--

CREATE SEQUENCE c_host.audit_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: audit_id_seq; Type: SEQUENCE OWNED BY; Schema: c_host; Owner: -
--

ALTER SEQUENCE c_host.audit_id_seq OWNED BY c_host.audit.id;


--
-- Name: connections; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.connections (
    name text NOT NULL,
    connector text NOT NULL,
    credentials text NOT NULL,
    options text NOT NULL,
    is_default boolean DEFAULT false NOT NULL,
    sandbox boolean DEFAULT false NOT NULL,
    status text DEFAULT 'ok'::text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: deliveries; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.deliveries (
    subscription_id text NOT NULL,
    seq bigint NOT NULL,
    event_id text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    last_status integer,
    last_error text,
    next_attempt_at bigint NOT NULL,
    lease_until bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone NOT NULL,
    delivered_at timestamp with time zone
);


--
-- Name: ephemeral; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.ephemeral (
    kind text NOT NULL,
    key text NOT NULL,
    value text NOT NULL,
    expires_at bigint NOT NULL
);


--
-- Name: run_pieces; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.run_pieces (
    run_id text NOT NULL,
    seq integer NOT NULL,
    data text NOT NULL
);


--
-- Name: runs; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.runs (
    id text NOT NULL,
    command text NOT NULL,
    connection text NOT NULL,
    input text NOT NULL,
    repeat_safe boolean NOT NULL,
    status text NOT NULL,
    progress text,
    result text,
    error text,
    attempt integer DEFAULT 0 NOT NULL,
    owner text,
    lease_expires_at bigint,
    created_at timestamp with time zone NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone
);


--
-- Name: schema_migrations; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.schema_migrations (
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: settings; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.settings (
    key text NOT NULL,
    value text NOT NULL
);


--
-- Name: slots; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.slots (
    name text NOT NULL,
    holder text NOT NULL,
    expires_at timestamp with time zone NOT NULL
);


--
-- Name: subscriptions; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.subscriptions (
    id text NOT NULL,
    trigger text NOT NULL,
    connection text NOT NULL,
    input text NOT NULL,
    state text NOT NULL,
    deliver_to text,
    deliver_secret text,
    cursor text,
    renew_at text,
    status text DEFAULT 'active'::text NOT NULL,
    error text,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    hook_url text
);


--
-- Name: trigger_events; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.trigger_events (
    seq bigint NOT NULL,
    subscription_id text NOT NULL,
    event_id text NOT NULL,
    trigger text NOT NULL,
    type text NOT NULL,
    occurred_at text NOT NULL,
    received_at timestamp with time zone NOT NULL,
    data text NOT NULL
);


--
-- Name: trigger_events_seq_seq; Type: SEQUENCE; Schema: c_host; Owner: -
--

CREATE SEQUENCE c_host.trigger_events_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: trigger_events_seq_seq; Type: SEQUENCE OWNED BY; Schema: c_host; Owner: -
--

ALTER SEQUENCE c_host.trigger_events_seq_seq OWNED BY c_host.trigger_events.seq;


--
-- Name: trigger_replays; Type: TABLE; Schema: c_host; Owner: -
--

CREATE TABLE c_host.trigger_replays (
    subscription_id text NOT NULL,
    replay_key text NOT NULL,
    expires_at bigint NOT NULL
);


--
-- Name: audit id; Type: DEFAULT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.audit ALTER COLUMN id SET DEFAULT nextval('c_host.audit_id_seq'::regclass);


--
-- Name: trigger_events seq; Type: DEFAULT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.trigger_events ALTER COLUMN seq SET DEFAULT nextval('c_host.trigger_events_seq_seq'::regclass);


--
-- Data for Name: access_failures; Type: TABLE DATA; Schema: c_host; Owner: -
--

INSERT INTO c_host.access_failures VALUES ('ip:203.0.113.7', 1, 4102444800000);


--
-- Data for Name: audit; Type: TABLE DATA; Schema: c_host; Owner: -
--

INSERT INTO c_host.audit VALUES (1, '2026-12-01 11:00:00+00', 'cli', 'connection.create', 'live', 'live', 'ok', NULL);
INSERT INTO c_host.audit VALUES (2, '2026-12-01 11:30:00+00', 'token:0123456789ab', 'command.run', 'payments.createCustomer', 'live', 'ok', 'req_FIXTURE');


--
-- Data for Name: connections; Type: TABLE DATA; Schema: c_host; Owner: -
--

INSERT INTO c_host.connections VALUES ('live', 'payments', 'v1:tADW8SHFETDRemr8cgSP2e6icLP5dPYj7TPYb69+y8128rYKk2h5Py0yrzeWQCzpO7ao3cXj7hopVW0lZg==', '{"accountId":"acct_1"}', true, false, 'ok', '2026-12-01 12:00:00+00', '2026-12-01 12:00:00+00');
INSERT INTO c_host.connections VALUES ('docs-oauth', 'docs', 'v1:zJjMA5zCEW0oQ7oSmQ9dYaGx4IpT4EVWVXsR9q3sK8C6k4zTOmRMsOrif0AucxQyvw1Mexd4QVToNIfG9fpOLJmtsAp2esrwABPtTwFn3MWhj0XtZ/M=', '{}', true, false, 'needs_reconnect', '2026-12-01 12:00:00+00', '2026-12-01 12:00:00+00');


--
-- Data for Name: deliveries; Type: TABLE DATA; Schema: c_host; Owner: -
--

INSERT INTO c_host.deliveries VALUES ('sub_fixture', 1, 'evt_1', 'pending', 0, NULL, NULL, 1796126400000, 0, '2026-12-01 12:00:00+00', NULL);


--
-- Data for Name: ephemeral; Type: TABLE DATA; Schema: c_host; Owner: -
--

INSERT INTO c_host.ephemeral VALUES ('session', 'cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd', 'v1:faf/z3h5jywI4fHw3kfEzTn9rYPR6Xs+ma07CZv8OnUTibXoSnBYd9H3mEI=', 4102444800000);


--
-- Data for Name: run_pieces; Type: TABLE DATA; Schema: c_host; Owner: -
--

INSERT INTO c_host.run_pieces VALUES ('00000000-0000-4000-8000-000000000001', 0, 'v1:H5QQHamsbbTUXx/Z9FiRNCk5jPU7MZWC1acF9eIoh8ur/oTvgIwHI9SGrg==');
INSERT INTO c_host.run_pieces VALUES ('00000000-0000-4000-8000-000000000001', 1, 'v1:2SR9Yk1xeURqTNhxYmo6/Tj20xvEY8JIqYtc5T6qEfMOeA5Jym3VzWHzRQ==');


--
-- Data for Name: runs; Type: TABLE DATA; Schema: c_host; Owner: -
--

INSERT INTO c_host.runs VALUES ('00000000-0000-4000-8000-000000000001', 'payments.getCustomers', 'live', 'v1:lKywZaUopeIBwX7KwXmvzu7ClxKYICIIpn8nwjyOeANSeH0JvfhDqTnxSqUw+20dc0VmULA3jLh99UDpKwQS', true, 'succeeded', NULL, 'v1:8RoZ87XGgULhcAQJRJKGWxEVVQPDNx6EltbtMZZ1iG684vprl/ef22Xtx6H6KQ4vzDEcI5J+VoGMgHWh8yfpC6VQK8lzaR9CePGYINlxgTE9/NoVyfvV', NULL, 1, NULL, NULL, '2026-12-01 12:00:00+00', '2026-12-01 12:00:00+00', '2026-12-01 12:00:00+00');
INSERT INTO c_host.runs VALUES ('00000000-0000-4000-8000-000000000002', 'payments.createCustomer', 'live', 'v1:8aRyzPDo0QPTnd46V/atoQi+55AN+7E7A+1ODyDJ25kryTV0uxiqKwcP6dPDRwAPa85Me9GVeHecfbyvV5Y72aio30ivzJREwmonBAymJHoXP/WYfLP2Hjb42FSQ9mYhKOasqX3/OxPv0SklXxHvzfpwjBMf', false, 'queued', NULL, NULL, NULL, 0, NULL, NULL, '2026-12-01 12:00:00+00', NULL, NULL);


--
-- Data for Name: schema_migrations; Type: TABLE DATA; Schema: c_host; Owner: -
--

INSERT INTO c_host.schema_migrations VALUES (1, 'connections, settings, short-lived values and shared slots', '2026-12-01 22:00:59.110904+00');
INSERT INTO c_host.schema_migrations VALUES (2, 'async runs and their results', '2026-12-01 22:00:59.222605+00');
INSERT INTO c_host.schema_migrations VALUES (3, 'audit log', '2026-12-01 22:00:59.317877+00');
INSERT INTO c_host.schema_migrations VALUES (4, 'trigger subscriptions, events and deliveries', '2026-12-01 22:00:59.400689+00');
INSERT INTO c_host.schema_migrations VALUES (5, 'failed access checks per client (the guessing throttle)', '2026-12-01 22:00:59.458763+00');
INSERT INTO c_host.schema_migrations VALUES (6, 'replay keys of signed webhook deliveries', '2026-12-01 22:00:59.47647+00');
INSERT INTO c_host.schema_migrations VALUES (7, 'the hook URL each webhook subscription was registered at', '2026-12-01 22:00:59.491899+00');


--
-- Data for Name: settings; Type: TABLE DATA; Schema: c_host; Owner: -
--

INSERT INTO c_host.settings VALUES ('secret_key', '{"version":2,"kdf":"raw","check":"4owUSAn3xtjWKu9W6qjmTYvs7Y9Pr++0m8NlzASwhcw="}');
INSERT INTO c_host.settings VALUES ('access_token_sha256', 'abababababababababababababababababababababababababababababababab');


--
-- Data for Name: slots; Type: TABLE DATA; Schema: c_host; Owner: -
--



--
-- Data for Name: subscriptions; Type: TABLE DATA; Schema: c_host; Owner: -
--

INSERT INTO c_host.subscriptions VALUES ('sub_fixture', 'payments.event', 'live', '{"events":["customer.created"]}', 'v1:qoz+ZfVKaTGpDSK7GoCoWR9xPT/zhU8+kzrSOFN18v0TLnbZD5H+vKypLPCe3CL4fz0WmmEM0Rz2EkJZXQad1u/8sIxQWQS85BQ=', '{"url":"https://example.com/hook"}', 'v1:rwTGwZHI77lNW5NYuZUJ+loBJiYQK6PcBk7e2EkzGP0t7rWs9AYJG8LP3w==', NULL, NULL, 'active', NULL, '2026-12-01 12:00:00+00', '2026-12-01 12:00:00+00', 'https://host.example.com/hooks/sub_fixture');


--
-- Data for Name: trigger_events; Type: TABLE DATA; Schema: c_host; Owner: -
--

INSERT INTO c_host.trigger_events VALUES (1, 'sub_fixture', 'evt_1', 'payments.event', 'customer.created', '2026-12-01T11:45:00.000Z', '2026-12-01 12:00:00+00', 'v1:ldFYE9mCh2hqKxtW22YFzEA66WGewuiWLFHfRK/4AkXYWhEeG7ydYLfTUMZuBAiTUG6XPYTGJBP3xWw=');


--
-- Data for Name: trigger_replays; Type: TABLE DATA; Schema: c_host; Owner: -
--

INSERT INTO c_host.trigger_replays VALUES ('sub_fixture', 'replay-1', 4102445100000);


--
-- Name: audit_id_seq; Type: SEQUENCE SET; Schema: c_host; Owner: -
--

SELECT pg_catalog.setval('c_host.audit_id_seq', 2, true);


--
-- Name: trigger_events_seq_seq; Type: SEQUENCE SET; Schema: c_host; Owner: -
--

SELECT pg_catalog.setval('c_host.trigger_events_seq_seq', 1, true);


--
-- Name: access_failures access_failures_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.access_failures
    ADD CONSTRAINT access_failures_pkey PRIMARY KEY (key);


--
-- Name: audit audit_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.audit
    ADD CONSTRAINT audit_pkey PRIMARY KEY (id);


--
-- Name: connections connections_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.connections
    ADD CONSTRAINT connections_pkey PRIMARY KEY (name);


--
-- Name: deliveries deliveries_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.deliveries
    ADD CONSTRAINT deliveries_pkey PRIMARY KEY (subscription_id, seq);


--
-- Name: ephemeral ephemeral_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.ephemeral
    ADD CONSTRAINT ephemeral_pkey PRIMARY KEY (kind, key);


--
-- Name: run_pieces run_pieces_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.run_pieces
    ADD CONSTRAINT run_pieces_pkey PRIMARY KEY (run_id, seq);


--
-- Name: runs runs_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.runs
    ADD CONSTRAINT runs_pkey PRIMARY KEY (id);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);


--
-- Name: settings settings_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (key);


--
-- Name: slots slots_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.slots
    ADD CONSTRAINT slots_pkey PRIMARY KEY (name, holder);


--
-- Name: subscriptions subscriptions_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.subscriptions
    ADD CONSTRAINT subscriptions_pkey PRIMARY KEY (id);


--
-- Name: trigger_events trigger_events_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.trigger_events
    ADD CONSTRAINT trigger_events_pkey PRIMARY KEY (seq);


--
-- Name: trigger_events trigger_events_subscription_id_event_id_key; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.trigger_events
    ADD CONSTRAINT trigger_events_subscription_id_event_id_key UNIQUE (subscription_id, event_id);


--
-- Name: trigger_replays trigger_replays_pkey; Type: CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.trigger_replays
    ADD CONSTRAINT trigger_replays_pkey PRIMARY KEY (subscription_id, replay_key);


--
-- Name: access_failures_reset_at; Type: INDEX; Schema: c_host; Owner: -
--

CREATE INDEX access_failures_reset_at ON c_host.access_failures USING btree (reset_at);


--
-- Name: audit_at; Type: INDEX; Schema: c_host; Owner: -
--

CREATE INDEX audit_at ON c_host.audit USING btree (at);


--
-- Name: connections_one_default; Type: INDEX; Schema: c_host; Owner: -
--

CREATE UNIQUE INDEX connections_one_default ON c_host.connections USING btree (connector) WHERE is_default;


--
-- Name: deliveries_pending; Type: INDEX; Schema: c_host; Owner: -
--

CREATE INDEX deliveries_pending ON c_host.deliveries USING btree (subscription_id, seq) WHERE (status = 'pending'::text);


--
-- Name: ephemeral_expires_at; Type: INDEX; Schema: c_host; Owner: -
--

CREATE INDEX ephemeral_expires_at ON c_host.ephemeral USING btree (expires_at);


--
-- Name: runs_finished; Type: INDEX; Schema: c_host; Owner: -
--

CREATE INDEX runs_finished ON c_host.runs USING btree (finished_at) WHERE (finished_at IS NOT NULL);


--
-- Name: runs_status; Type: INDEX; Schema: c_host; Owner: -
--

CREATE INDEX runs_status ON c_host.runs USING btree (status, created_at);


--
-- Name: trigger_events_subscription; Type: INDEX; Schema: c_host; Owner: -
--

CREATE INDEX trigger_events_subscription ON c_host.trigger_events USING btree (subscription_id, seq);


--
-- Name: deliveries deliveries_subscription_id_fkey; Type: FK CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.deliveries
    ADD CONSTRAINT deliveries_subscription_id_fkey FOREIGN KEY (subscription_id) REFERENCES c_host.subscriptions(id) ON DELETE CASCADE;


--
-- Name: run_pieces run_pieces_run_id_fkey; Type: FK CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.run_pieces
    ADD CONSTRAINT run_pieces_run_id_fkey FOREIGN KEY (run_id) REFERENCES c_host.runs(id) ON DELETE CASCADE;


--
-- Name: trigger_events trigger_events_subscription_id_fkey; Type: FK CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.trigger_events
    ADD CONSTRAINT trigger_events_subscription_id_fkey FOREIGN KEY (subscription_id) REFERENCES c_host.subscriptions(id) ON DELETE CASCADE;


--
-- Name: trigger_replays trigger_replays_subscription_id_fkey; Type: FK CONSTRAINT; Schema: c_host; Owner: -
--

ALTER TABLE ONLY c_host.trigger_replays
    ADD CONSTRAINT trigger_replays_subscription_id_fkey FOREIGN KEY (subscription_id) REFERENCES c_host.subscriptions(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


