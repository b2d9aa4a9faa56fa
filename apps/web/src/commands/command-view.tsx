import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../api';
import type { FieldProblem } from '../form/error-summary';
import type { FormContext } from '../form/form-context';
import { SchemaForm } from '../form/schema-form';
import { useHostData } from '../host-data';
import { takePendingRun } from '../recent/recent-runs';
import { hrefOf } from '../router';
import type { Connection } from '../types';
import { ErrorPanel } from '../ui/error-panel';
import { CommandHeader } from './command-header';
import { ConnectionPicker } from './connection-picker';
import { planForm } from './form-plan';
import { RunControls, type SubmitMode } from './run-controls';
import { RunOutcome } from './run-outcome';
import { needsConfirmation, safetyOf } from './safety';
import { useCommandDetail } from './use-command-detail';
import { useRun } from './use-run';

const formId = 'command-form';

function pickConnection(connections: Connection[], wanted?: string): string | undefined {
  if (wanted && connections.some((connection) => connection.name === wanted)) return wanted;
  return (connections.find((connection) => connection.isDefault) ?? connections[0])?.name;
}

/** Ctrl+Enter (⌘+Enter) submits the form from anywhere in it, text areas included. */
function useSubmitShortcut(id: string) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      const form = document.getElementById(id) as HTMLFormElement | null;
      if (form && event.target instanceof Node && form.contains(event.target)) {
        event.preventDefault();
        form.requestSubmit();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [id]);
}

/** One command: its description, the connection to use, the form from its schema, and the result. */
export function CommandView({ commandId }: { commandId: string }) {
  const host = useHostData();
  const summary = host.commands.find((command) => command.id === commandId);
  const { detail, loadError } = useCommandDetail(commandId);
  const pending = useMemo(() => takePendingRun(commandId), [commandId]);
  const [formData, setFormData] = useState<Record<string, unknown>>(() => pending?.input ?? {});
  const candidates = useMemo(
    () => host.connections.filter((connection) => connection.connector === summary?.connector),
    [host.connections, summary?.connector],
  );
  const [connectionName, setConnectionName] = useState(() => pickConnection(candidates, pending?.connection));
  const submitMode = useRef<SubmitMode>('now');
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [confirming, setConfirming] = useState(false);
  const lookups = useRef(new Map<string, Promise<unknown>>());

  // A connection added or removed elsewhere: keep the choice valid.
  useEffect(() => {
    setConnectionName((current) => pickConnection(candidates, current));
  }, [candidates]);

  const plan = useMemo(() => (detail ? planForm(detail.id, detail.inputSchema) : undefined), [detail]);
  const connection = candidates.find((entry) => entry.name === connectionName);
  const connectorTitle = (summary && host.connector(summary.connector)?.title) ?? summary?.connector ?? '';
  const runs = useRun(detail, plan?.schema, connectionName);
  const { run } = runs;

  const runLookup = useCallback(
    (command: string, input: Record<string, unknown>) => {
      const key = `${connectionName}|${command}|${JSON.stringify(input)}`;
      let promise = lookups.current.get(key);
      if (!promise) {
        promise = api.lookup(command, input, connectionName).then((response) => response.result);
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

  const start = useCallback(
    (input: Record<string, unknown>, background = false) => {
      setConfirming(false);
      setProblems([]);
      void run(input, background);
    },
    [run],
  );

  // A re-run from Recent runs starts as soon as the form is ready.
  const autorun = useRef(pending?.autorun ?? false);
  useEffect(() => {
    if (autorun.current && detail && plan) {
      autorun.current = false;
      start(pending?.input ?? {});
    }
  }, [detail, plan, start, pending]);

  useSubmitShortcut(formId);

  function submit(data: Record<string, unknown>) {
    const background = submitMode.current === 'background';
    submitMode.current = 'now';
    if (detail && needsConfirmation(detail.annotations) && !confirming) {
      setConfirming(true);
      return;
    }
    start(data, background);
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

  const parameterCount = Object.keys(plan?.schema.properties ?? {}).length;
  return (
    <article className="command" aria-labelledby="command-title">
      <CommandHeader summary={summary} connectorTitle={connectorTitle} />

      <section className="card" aria-label="Parameters">
        <ConnectionPicker
          candidates={candidates}
          selected={connectionName}
          onSelect={setConnectionName}
          connectorTitle={connectorTitle}
        />

        {!detail || !plan ? (
          <p className="muted" role="status">
            Loading the form…
          </p>
        ) : (
          <div>
            {parameterCount === 0 ? (
              <p className="muted">This command takes no parameters.</p>
            ) : (
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
              extraErrors={runs.extraErrors}
              disabled={Boolean(runs.running)}
              onChange={(data) => {
                setFormData(data);
                setConfirming(false);
              }}
              onSubmit={submit}
              onInvalid={(found) => {
                setProblems(found);
                setConfirming(false);
                // The result of an earlier run would read as the answer to this one.
                runs.clearOutcome();
              }}
            >
              <RunControls
                title={summary.title}
                target={connectionName ?? 'the default connection'}
                formId={formId}
                safety={safetyOf(summary.annotations)}
                readOnly={Boolean(summary.annotations.readOnly)}
                running={runs.running}
                elapsed={runs.elapsed}
                cancelled={runs.cancelled}
                confirming={confirming}
                problems={problems}
                onSubmitMode={(mode) => {
                  submitMode.current = mode;
                }}
                onCancel={() => void runs.cancel()}
                onStopConfirming={() => setConfirming(false)}
                onReset={() => {
                  setFormData({});
                  runs.setExtraErrors(undefined);
                  setProblems([]);
                  setConfirming(false);
                }}
              />
            </SchemaForm>
          </div>
        )}
      </section>

      {runs.outcome && detail && (
        <RunOutcome
          key={runs.outcome.id}
          outcome={runs.outcome}
          detail={detail}
          connection={connection}
          connectorTitle={connectorTitle}
          heading={runs.resultHeading}
        />
      )}
    </article>
  );
}
