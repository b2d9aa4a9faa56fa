import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, api } from '../api';
import { oauthNote } from '../connections/oauth';
import { useReconnect } from '../connections/reconnect';
import { statusView } from '../connections/status';
import { type FieldProblem, fieldElement } from '../form/error-summary';
import type { FormContext } from '../form/form-context';
import { errorSchemaFromHost, SchemaForm } from '../form/schema-form';
import { useHostData } from '../host-data';
import { recordRun, takePendingRun } from '../recent/recent-runs';
import { ResultView } from '../results/result-view';
import { hrefOf } from '../router';
import type { CommandDetail, Connection, ErrorJson } from '../types';
import { ErrorPanel } from '../ui/error-panel';
import { type BackgroundState, runInBackground } from './background-run';
import { CallSnippets } from './call-snippets';
import { planForm } from './form-plan';
import { needsConfirmation, safetyOf, safetyText } from './safety';

type Outcome =
  | {
      ok: true;
      id: number;
      result: unknown;
      input: Record<string, unknown>;
      connection?: string | undefined;
      ms: number;
    }
  | {
      ok: false;
      id: number;
      error: ErrorJson;
      input: Record<string, unknown>;
      connection?: string | undefined;
      ms: number;
    };

const details = new Map<string, Promise<CommandDetail>>();

/** A command's detail, fetched once per page load. */
function loadDetail(id: string): Promise<CommandDetail> {
  let promise = details.get(id);
  if (!promise) {
    promise = api.command(id);
    details.set(id, promise);
    promise.catch(() => details.delete(id));
  }
  return promise;
}

function errorOf(cause: unknown): ErrorJson {
  return cause instanceof ApiError
    ? cause.body
    : { name: 'Error', kind: 'network', message: String(cause), retryable: false };
}

function pickConnection(connections: Connection[], wanted?: string): string | undefined {
  if (wanted && connections.some((connection) => connection.name === wanted)) return wanted;
  return (connections.find((connection) => connection.isDefault) ?? connections[0])?.name;
}

/** One command: its description, the connection to use, the form from its schema, and the result. */
export function CommandView({ commandId }: { commandId: string }) {
  const host = useHostData();
  const reconnect = useReconnect();
  const summary = host.commands.find((command) => command.id === commandId);
  const [detail, setDetail] = useState<CommandDetail | undefined>();
  const [loadError, setLoadError] = useState<ErrorJson | undefined>();
  const pending = useMemo(() => takePendingRun(commandId), [commandId]);
  const [formData, setFormData] = useState<Record<string, unknown>>(() => pending?.input ?? {});
  const candidates = useMemo(
    () => host.connections.filter((connection) => connection.connector === summary?.connector),
    [host.connections, summary?.connector],
  );
  const [connectionName, setConnectionName] = useState(() => pickConnection(candidates, pending?.connection));
  const [running, setRunning] = useState<
    | {
        started: number;
        controller: AbortController;
        inBackground: boolean;
        /** Where the background run is, once the host took it. */
        background?: BackgroundState | undefined;
      }
    | undefined
  >();
  // Which submit button sent the form: Run, or Run in background.
  const submitMode = useRef<'now' | 'background'>('now');
  const [elapsed, setElapsed] = useState(0);
  const [cancelled, setCancelled] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const runCount = useRef(0);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const lookups = useRef(new Map<string, Promise<unknown>>());

  useEffect(() => {
    let live = true;
    setDetail(undefined);
    setLoadError(undefined);
    loadDetail(commandId)
      .then((loaded) => live && setDetail(loaded))
      .catch((cause: unknown) => live && setLoadError(errorOf(cause)));
    return () => {
      live = false;
    };
  }, [commandId]);

  // A connection added or removed elsewhere: keep the choice valid.
  useEffect(() => {
    setConnectionName((current) => pickConnection(candidates, current));
  }, [candidates]);

  const plan = useMemo(() => (detail ? planForm(detail.id, detail.inputSchema) : undefined), [detail]);
  const connection = candidates.find((entry) => entry.name === connectionName);
  const connector = summary ? host.connector(summary.connector) : undefined;
  const connectionStatus = connection ? statusView(connection) : undefined;

  const runLookup = useCallback(
    (command: string, input: Record<string, unknown>) => {
      const key = `${connectionName}|${command}|${JSON.stringify(input)}`;
      let promise = lookups.current.get(key);
      if (!promise) {
        promise = api.run(command, input, connectionName).then((response) => response.result);
        lookups.current.set(key, promise);
        promise.catch(() => lookups.current.delete(key));
      }
      return promise;
    },
    [connectionName],
  );

  const formContext = useMemo<FormContext>(
    () => ({ commandId, connection: connectionName, formData, runLookup }),
    [commandId, connectionName, formData, runLookup],
  );

  // A run still going when the page goes elsewhere is cancelled, not left to land on nothing; a
  // background run goes on on the host, and only the following stops.
  const runningRef = useRef(running);
  runningRef.current = running;
  useEffect(() => () => runningRef.current?.controller.abort(), []);

  // The progress line counts seconds while a run is going.
  const startedAt = running?.started;
  useEffect(() => {
    if (startedAt === undefined) return;
    setElapsed(0);
    const timer = setInterval(() => setElapsed(Math.floor((performance.now() - startedAt) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);

  const run = useCallback(
    async (input: Record<string, unknown>, background = false) => {
      if (!detail || !plan) return;
      setConfirming(false);
      setProblems([]);
      setNotice(undefined);
      setCancelled(undefined);
      setExtraErrors(undefined);
      const id = ++runCount.current;
      const started = performance.now();
      const controller = new AbortController();
      setRunning({ started, controller, inBackground: background });
      let runId: string | undefined;
      let next: Outcome;
      try {
        const result = background
          ? await runInBackground(detail.id, input, connectionName, controller.signal, (state) => {
              runId = state.id;
              setRunning((current) =>
                current?.controller === controller ? { ...current, background: state } : current,
              );
            })
          : (await api.run(detail.id, input, connectionName, controller.signal)).result;
        next = {
          ok: true,
          id,
          result,
          input,
          connection: connectionName,
          ms: performance.now() - started,
        };
      } catch (cause) {
        if (controller.signal.aborted) {
          setRunning(undefined);
          setOutcome(undefined);
          const seconds = Math.round((performance.now() - started) / 1000);
          if (runId) {
            setCancelled(
              `Stopped following after ${seconds} s. Run ${runId} goes on on the host; GET /api/runs/${runId} has its result when it ends.`,
            );
            return;
          }
          setCancelled(
            `Cancelled after ${seconds} s.${
              detail.annotations.readOnly
                ? ''
                : ' The request may already have reached the provider: check there before running it again.'
            }`,
          );
          return;
        }
        const error = errorOf(cause);
        next = { ok: false, id, error, input, connection: connectionName, ms: performance.now() - started };
        setExtraErrors(errorSchemaFromHost(error, plan.schema));
      }
      setOutcome(next);
      setRunning(undefined);
      recordRun({
        commandId: detail.id,
        title: detail.title,
        connection: connectionName,
        input,
        ok: next.ok,
        errorKind: next.ok ? undefined : next.error.kind,
        durationMs: Math.round(next.ms),
      });
      requestAnimationFrame(() => resultHeading.current?.focus());
    },
    [detail, plan, connectionName],
  );

  // A re-run from Recent runs starts as soon as the form is ready.
  const autorun = useRef(pending?.autorun ?? false);
  useEffect(() => {
    if (autorun.current && detail && plan) {
      autorun.current = false;
      void run(pending?.input ?? {});
    }
  }, [detail, plan, run, pending]);

  // Ctrl+Enter (⌘+Enter) runs from anywhere in the form, text areas included.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      const form = document.getElementById('command-form') as HTMLFormElement | null;
      if (form && event.target instanceof Node && form.contains(event.target)) {
        event.preventDefault();
        form.requestSubmit();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  function submit(data: Record<string, unknown>) {
    const background = submitMode.current === 'background';
    submitMode.current = 'now';
    if (detail && needsConfirmation(detail.annotations) && !confirming) {
      setConfirming(true);
      return;
    }
    void run(data, background);
  }

  if (loadError) return <ErrorPanel error={loadError} />;
  if (!summary) {
    return (
      <div className="empty">
        <p>There is no command “{commandId}”.</p>
        <a href={hrefOf({ page: 'commands' })}>All commands</a>
      </div>
    );
  }

  const formId = 'command-form';
  const { annotations } = summary;
  const safety = safetyOf(annotations);
  const target = connectionName ?? 'the default connection';
  return (
    <article className="command" aria-labelledby="command-title">
      <a className="back-link" href={hrefOf({ page: 'commands' })}>
        ← All commands
      </a>
      <header className="command__head">
        <p className="command__connector">{connector?.title ?? summary.connector}</p>
        <h1 id="command-title" tabIndex={-1}>
          {summary.title}
        </h1>
        <div className="badges">
          <code className="command__id">{summary.id}</code>
          <span
            className={`badge${safety === 'destructive' ? ' badge--danger' : safety === 'read' ? '' : ' badge--write'}`}
            title={safetyText[safety].hint}
          >
            {safetyText[safety].label}
          </span>
          {annotations.idempotent && !annotations.readOnly && (
            <span
              className="badge"
              title="Running it twice with the same input has the effect of running it once."
            >
              Safe to repeat
            </span>
          )}
        </div>
        <p className="command__description">{summary.description}</p>
      </header>

      <section className="card" aria-label="Parameters">
        <div className="field connection-picker">
          <div className="field__head">
            <label className="field__label" htmlFor="run-connection">
              Connection
            </label>
          </div>
          {candidates.length > 0 ? (
            <select
              id="run-connection"
              value={connectionName ?? ''}
              onChange={(event) => setConnectionName(event.target.value)}
            >
              {candidates.map((entry) => (
                <option key={entry.name} value={entry.name}>
                  {entry.name}
                  {entry.isDefault ? ' (default)' : ''}
                  {entry.sandbox ? ' · sandbox' : ''}
                  {entry.status !== 'ok' ? ` · ${statusView(entry).label.toLowerCase()}` : ''}
                </option>
              ))}
            </select>
          ) : (
            <p className="notice">
              No {connector?.title ?? summary.connector} connection yet.{' '}
              <a href={hrefOf({ page: 'connections' })}>Add one on Connections</a>; the host may still run
              with its environment variables.
            </p>
          )}
          {connection && connectionStatus?.message && (
            <p className={`notice notice--${connectionStatus.tone}`} role="note">
              <strong>{connectionStatus.label}:</strong> {connectionStatus.message}
            </p>
          )}
        </div>

        {!detail || !plan ? (
          <p className="muted" role="status">
            Loading the form…
          </p>
        ) : (
          <div>
            {Object.keys(plan.schema.properties ?? {}).length === 0 && (
              <p className="muted">This command takes no parameters.</p>
            )}
            {Object.keys(plan.schema.properties ?? {}).length > 0 && (
              <p className="muted form-legend">
                <span className="field__required">*</span> required · Ctrl+Enter runs
              </p>
            )}
            <SchemaForm
              key={detail.id}
              id={formId}
              schema={plan.schema}
              uiSchema={plan.uiSchema}
              formData={formData}
              formContext={formContext}
              extraErrors={extraErrors}
              disabled={Boolean(running)}
              onChange={(data) => {
                setFormData(data);
                setConfirming(false);
              }}
              onSubmit={submit}
              onInvalid={(found) => {
                setProblems(found);
                setConfirming(false);
                // The result of an earlier run would read as the answer to this one.
                setOutcome(undefined);
                setCancelled(undefined);
              }}
            >
              <div className="button-row run-row">
                <button
                  type="submit"
                  className={`button ${confirming && safety === 'destructive' ? 'button--danger' : 'button--primary'}`}
                  disabled={Boolean(running)}
                  onClick={() => {
                    submitMode.current = 'now';
                  }}
                >
                  {running && !running.inBackground
                    ? 'Running…'
                    : confirming
                      ? `Yes, run ${summary.title}`
                      : 'Run'}
                </button>
                {/* A read can run as long as it needs on the host, whatever happens to this page. */}
                {annotations.readOnly && !confirming && (
                  <button
                    type="submit"
                    className="button"
                    disabled={Boolean(running)}
                    title="The host runs it on its own; this page follows its progress."
                    onClick={() => {
                      submitMode.current = 'background';
                    }}
                  >
                    {running?.inBackground ? 'Running in background…' : 'Run in background'}
                  </button>
                )}
                {running && (
                  <button type="button" className="button" onClick={() => running.controller.abort()}>
                    {running.background ? 'Stop following' : 'Cancel run'}
                  </button>
                )}
                {confirming && (
                  <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>
                    Cancel
                  </button>
                )}
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={Boolean(running)}
                  onClick={() => {
                    setFormData({});
                    setExtraErrors(undefined);
                    setProblems([]);
                    setConfirming(false);
                  }}
                >
                  Reset
                </button>
              </div>
              <div aria-live="assertive" className="run-row__status">
                {confirming && (
                  <p className={`notice ${safety === 'destructive' ? 'notice--error' : 'notice--warn'}`}>
                    {safety === 'destructive'
                      ? `${summary.title} may delete or overwrite data on ${target}, and running it again may do more.`
                      : `${summary.title} changes existing data on ${target}.`}{' '}
                    Press “Yes, run {summary.title}” to go ahead.
                  </p>
                )}
                {problems.length > 0 && (
                  <div className="notice notice--error error-summary">
                    <p>
                      {problems.length === 1 ? 'One field needs' : `${problems.length} fields need`} attention
                      before this can run:
                    </p>
                    <ul>
                      {problems.map((problem) => (
                        <li key={problem.path.join('.')}>
                          <button
                            type="button"
                            className="link-button"
                            onClick={() => fieldElement(formId, problem.path)?.focus()}
                          >
                            {problem.label}
                          </button>
                          : {problem.messages.join(' ')}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
              <div className="run-progress" role="status">
                {running && !running.inBackground && (
                  <p className="muted">
                    Running {summary.title} on {target}… <span aria-hidden="true">{elapsed} s</span>
                  </p>
                )}
                {running?.inBackground && (
                  <p className="muted">
                    {running.background
                      ? `Run ${running.background.id} of ${summary.title} on ${target}: ${running.background.status}${
                          running.background.progress ? ` · ${running.background.progress}` : ''
                        }…`
                      : `Starting ${summary.title} in the background on ${target}…`}{' '}
                    <span aria-hidden="true">{elapsed} s</span>
                  </p>
                )}
                {cancelled && <p className="notice notice--warn">{cancelled}</p>}
              </div>
            </SchemaForm>
          </div>
        )}
      </section>

      {outcome && (
        <section className="card result-card" aria-labelledby="result-title">
          <div className="result-card__head">
            <h2 id="result-title" ref={resultHeading} tabIndex={-1}>
              {outcome.ok ? 'Result' : 'Error'}
            </h2>
            <p className="muted">
              {outcome.ok ? 'Succeeded' : 'Failed'} in {Math.round(outcome.ms)} ms
              {outcome.connection ? ` on ${outcome.connection}` : ''}
            </p>
          </div>
          {outcome.ok ? (
            <ResultView
              key={outcome.id}
              commandId={summary.id}
              title={summary.title}
              input={outcome.input}
              result={outcome.result}
            />
          ) : (
            <ErrorPanel
              error={outcome.error}
              actions={
                (outcome.error.kind === 'auth' || outcome.error.needsReconnect) && connection ? (
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={async () => {
                      const result = await reconnect(connection);
                      if (result?.ok) setNotice(`Reconnected ${connection.name}. Run the command again.`);
                      else if (result) setNotice(oauthNote(result, connector?.title ?? connection.connector));
                    }}
                  >
                    Reconnect {connection.name}
                  </button>
                ) : undefined
              }
            />
          )}
          {notice && (
            <p className="notice" role="status">
              {notice}
            </p>
          )}
          <CallSnippets commandId={summary.id} input={outcome.input} connection={connection} />
        </section>
      )}
    </article>
  );
}
