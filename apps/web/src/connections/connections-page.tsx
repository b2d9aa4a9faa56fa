import { useEffect, useRef, useState } from 'react';
import { api, errorOf } from '../api';
import { useHostData } from '../host-data';
import type { Connection, ConnectorInfo, ErrorJson, JsonSchema } from '../types';
import { ErrorPanel } from '../ui/error-panel';
import { AddConnection } from './add-connection';
import { oauthNote } from './oauth';
import { takeReplaceRequest, useReconnect } from './reconnect';
import { SandboxPanel } from './sandbox-panel';
import { type StatusView, statusView } from './status';

type Feedback =
  | { tone: 'ok'; text: string }
  | { tone: 'warn'; text: string }
  | { tone: 'error'; error: ErrorJson };

type Schema = Record<string, unknown>;

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The title of a key in a schema's properties (or in any of its `anyOf` branches), else the key. */
function titleIn(schema: JsonSchema | undefined, key: string): string {
  const branches = [schema, ...((schema?.anyOf ?? schema?.oneOf ?? []) as unknown[])];
  for (const branch of branches) {
    const field = isRecord(branch) && isRecord(branch.properties) ? branch.properties[key] : undefined;
    if (isRecord(field) && typeof field.title === 'string') return field.title;
  }
  return key;
}

/**
 * A connection's options as facts: each one set, by its title, and the address-like defaults not
 * overridden, so a card always says where its calls go.
 */
export function optionFacts(
  connection: Connection,
  connector: ConnectorInfo | undefined,
): [string, string][] {
  const facts: [string, string][] = [];
  const properties = isRecord(connector?.optionsSchema.properties) ? connector.optionsSchema.properties : {};
  for (const [key, value] of Object.entries(connection.options)) {
    if (value === undefined || value === null || value === '') continue;
    facts.push([
      titleIn(connector?.optionsSchema, key),
      typeof value === 'string' ? value : JSON.stringify(value),
    ]);
  }
  for (const [key, field] of Object.entries(properties)) {
    if (key in connection.options || !isRecord(field)) continue;
    if (field.format === 'uri' && typeof field.default === 'string')
      facts.push([titleIn(connector?.optionsSchema, key), `${field.default} (default)`]);
  }
  return facts;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A connection's name, and badges for default, sandbox and its state. */
function ConnectionHead({
  connection,
  status,
  titleId,
}: {
  connection: Connection;
  status: StatusView;
  titleId: string;
}) {
  return (
    <div className="connection__head">
      <h3 id={titleId} className="connection__name">
        {connection.name}
      </h3>
      <div className="badges">
        {connection.isDefault && <span className="badge badge--accent">Default</span>}
        {connection.sandbox && <span className="badge badge--sandbox">Sandbox</span>}
        <span
          className={`badge badge--${status.tone === 'ok' ? 'ok' : status.tone === 'error' ? 'danger' : 'warn'}`}
        >
          {status.label}
        </span>
      </div>
    </div>
  );
}

/** What a connection is: its connector, its credentials' hints, its options, when it was added. */
function ConnectionFacts({
  connection,
  connector,
}: {
  connection: Connection;
  connector: ConnectorInfo | undefined;
}) {
  return (
    <dl className="facts">
      <div>
        <dt>Connector</dt>
        <dd>{connector?.title ?? connection.connector}</dd>
      </div>
      {Object.entries(connection.credentialHints).map(([key, hint]) => (
        <div key={key}>
          <dt>{titleIn(connector?.credentialsSchema, key)}</dt>
          <dd>
            <code>{hint}</code>
          </dd>
        </div>
      ))}
      {optionFacts(connection, connector).map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>
            <code>{value}</code>
          </dd>
        </div>
      ))}
      <div>
        <dt>Added</dt>
        <dd>{formatDate(connection.createdAt)}</dd>
      </div>
    </dl>
  );
}

/** Remove…, then Remove or Keep: removing a connection asks first. */
function RemoveControl({ name, disabled, onRemove }: { name: string; disabled: boolean; onRemove(): void }) {
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  return confirming ? (
    <span className="confirm">
      <span>Remove {name}?</span>
      <button ref={confirmRef} type="button" className="button button--danger" onClick={onRemove}>
        Remove
      </button>
      <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>
        Keep
      </button>
    </span>
  ) : (
    <button
      type="button"
      className="button button--quiet"
      disabled={disabled}
      onClick={() => setConfirming(true)}
    >
      Remove…
    </button>
  );
}

/** What the last action on a card said: done, a warning, or the error (with Reconnect for auth). */
function CardFeedback({ feedback, onReconnect }: { feedback: Feedback | undefined; onReconnect(): void }) {
  return (
    <>
      {(feedback?.tone === 'ok' || feedback?.tone === 'warn') && (
        <p className={`notice notice--${feedback.tone}`} role="status">
          {feedback.text}
        </p>
      )}
      {feedback?.tone === 'error' && (
        <ErrorPanel
          error={feedback.error}
          actions={
            feedback.error.kind === 'auth' ? (
              <button type="button" className="button" onClick={onReconnect}>
                Reconnect
              </button>
            ) : undefined
          }
        />
      )}
    </>
  );
}

/**
 * What a connection's card does (Test, Make default, Reconnect, Remove), one at a time: which one is
 * going (`busy`) and what the last one said (`feedback`).
 */
function useConnectionActions(connection: Connection, onMessage: (text: string) => void) {
  const host = useHostData();
  const reconnect = useReconnect();
  const connectorTitle = host.connector(connection.connector)?.title ?? connection.connector;
  const [feedback, setFeedback] = useState<Feedback | undefined>();
  const [busy, setBusy] = useState<string | undefined>();

  async function act(label: string, action: () => Promise<Feedback | undefined>) {
    setBusy(label);
    setFeedback(undefined);
    try {
      setFeedback(await action());
    } catch (cause) {
      setFeedback({ tone: 'error', error: errorOf(cause) });
    } finally {
      setBusy(undefined);
    }
  }

  return {
    busy,
    feedback,
    reconnect: () => void reconnect(connection),
    test: () =>
      act('test', async () => {
        await api.testConnection(connection.name);
        await host.refreshConnections();
        return { tone: 'ok', text: `${connection.name} works.` };
      }),
    makeDefault: () =>
      act('default', async () => {
        await api.makeDefault(connection.name);
        await host.refreshConnections();
        onMessage(`${connection.name} is now the default ${connectorTitle} connection.`);
        return undefined;
      }),
    signInAgain: () =>
      act('reconnect', async () => {
        const outcome = await reconnect(connection);
        if (!outcome) return undefined;
        if (outcome.ok) return { tone: 'ok', text: `Reconnected ${connection.name}.` };
        return { tone: 'warn', text: oauthNote(outcome, connectorTitle) };
      }),
    remove: () =>
      act('remove', async () => {
        await api.deleteConnection(connection.name);
        await host.refreshConnections();
        onMessage(`Removed ${connection.name}.`);
        return undefined;
      }),
  };
}

function ConnectionCard({
  connection,
  onMessage,
}: {
  connection: Connection;
  onMessage(text: string): void;
}) {
  const host = useHostData();
  const connector = host.connector(connection.connector);
  const actions = useConnectionActions(connection, onMessage);
  const { busy } = actions;
  const isOAuth = connector?.auth.type === 'oauth2' && !connection.credentialHints.apiKey;
  const status = statusView(connection);
  const needsReconnect = status.reconnect;
  const titleId = `connection-${connection.name}`;
  return (
    <li
      className={`card connection${status.tone === 'ok' ? '' : ' connection--warn'}`}
      aria-labelledby={titleId}
    >
      <ConnectionHead connection={connection} status={status} titleId={titleId} />
      {status.message && <p className={`notice notice--${status.tone}`}>{status.message}</p>}
      <ConnectionFacts connection={connection} connector={connector} />
      <div className="button-row">
        <button type="button" className="button" disabled={Boolean(busy)} onClick={actions.test}>
          {busy === 'test' ? 'Testing…' : 'Test'}
        </button>
        {!connection.isDefault && (
          <button type="button" className="button" disabled={Boolean(busy)} onClick={actions.makeDefault}>
            Make default
          </button>
        )}
        {(isOAuth || needsReconnect) && (
          <button
            type="button"
            className={`button${needsReconnect ? ' button--primary' : ''}`}
            disabled={Boolean(busy)}
            onClick={actions.signInAgain}
          >
            {busy === 'reconnect' ? 'Waiting for the sign-in window…' : isOAuth ? 'Reconnect' : 'Replace key'}
          </button>
        )}
        <RemoveControl name={connection.name} disabled={Boolean(busy)} onRemove={actions.remove} />
      </div>
      <CardFeedback feedback={actions.feedback} onReconnect={actions.reconnect} />
    </li>
  );
}

/** Connections: the saved accounts, their state, and adding, testing, reconnecting and removing them. */
export function ConnectionsPage() {
  const host = useHostData();
  const [replacing, setReplacing] = useState<string | undefined>(() => takeReplaceRequest());
  const [adding, setAdding] = useState(() => host.connections.length === 0);
  const [message, setMessage] = useState<string | undefined>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const replaced = replacing
    ? host.connections.find((connection) => connection.name === replacing)
    : undefined;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  function done(text: string) {
    setAdding(false);
    setReplacing(undefined);
    setMessage(text);
  }

  const sorted = [...host.connections].sort(
    (a, b) =>
      a.connector.localeCompare(b.connector) ||
      Number(b.isDefault) - Number(a.isDefault) ||
      a.name.localeCompare(b.name),
  );
  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 ref={headingRef} tabIndex={-1}>
            Connections
          </h1>
          <p className="muted">
            The accounts commands run on. Secrets stay on the host; only hints are shown.
          </p>
        </div>
        {!adding && !replacing && (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            Add connection
          </button>
        )}
      </div>
      <div aria-live="polite">{message && <p className="notice notice--ok">{message}</p>}</div>
      {(adding || replacing) && (
        <AddConnection
          key={replacing ?? 'new'}
          initialConnector={replaced?.connector}
          replacing={replacing}
          onDone={done}
          onCancel={() => {
            setAdding(false);
            setReplacing(undefined);
          }}
        />
      )}
      {sorted.length === 0 ? (
        <p className="empty">No connections yet. Add one to run commands on your accounts.</p>
      ) : (
        <ul className="connection-list" aria-label="Saved connections">
          {sorted.map((connection) => (
            <ConnectionCard key={connection.name} connection={connection} onMessage={setMessage} />
          ))}
        </ul>
      )}
      <SandboxPanel />
    </div>
  );
}
