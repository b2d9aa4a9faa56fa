import { type MutableRefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../api';
import type { FieldProblem } from '../form/error-summary';
import type { FormContext } from '../form/form-context';
import { type HostData, useHostData } from '../host-data';
import { takePendingRun } from '../recent/recent-runs';
import type { Connection } from '../types';
import { planForm } from './form-plan';
import type { SubmitMode } from './run-controls';
import { needsConfirmation } from './safety';
import { useCommandDetail } from './use-command-detail';
import { useRun } from './use-run';

/** The id of a command page's form (Ctrl+Enter and the run buttons find it by it). */
export const formId = 'command-form';

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

/** The connections of the command's connector and the one chosen, kept valid as they change. */
function useConnectionChoice(host: HostData, connector: string | undefined, wanted: string | undefined) {
  const candidates = useMemo(
    () => host.connections.filter((connection) => connection.connector === connector),
    [host.connections, connector],
  );
  const [connectionName, setConnectionName] = useState(() => pickConnection(candidates, wanted));
  // A connection added or removed elsewhere: keep the choice valid.
  useEffect(() => {
    setConnectionName((current) => pickConnection(candidates, current));
  }, [candidates]);
  const connection = candidates.find((entry) => entry.name === connectionName);
  return { candidates, connectionName, setConnectionName, connection };
}

/** Lookups run on the chosen connection, each input's answer asked once (a failure is asked again). */
function useLookupRunner(connectionName: string | undefined) {
  const lookups = useRef(new Map<string, Promise<unknown>>());
  return useCallback(
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
}

/** Starting a run: what the form said before is cleared; a re-run from Recent runs starts at once. */
function useStart(
  run: (input: Record<string, unknown>, background?: boolean) => Promise<void>,
  ready: boolean,
  pending: ReturnType<typeof takePendingRun>,
  clear: () => void,
) {
  const start = useCallback(
    (input: Record<string, unknown>, background = false) => {
      clear();
      void run(input, background);
    },
    [run, clear],
  );
  const autorun = useRef(pending?.autorun ?? false);
  useEffect(() => {
    if (autorun.current && ready) {
      autorun.current = false;
      start(pending?.input ?? {});
    }
  }, [ready, start, pending]);
  return start;
}

/** The submit handler: a change asks to confirm first; the button pressed says now or in background. */
function submitter(
  view: { confirming: boolean; setConfirming(value: boolean): void },
  annotations: Parameters<typeof needsConfirmation>[0] | undefined,
  submitMode: MutableRefObject<SubmitMode>,
  start: (input: Record<string, unknown>, background?: boolean) => void,
) {
  return (data: Record<string, unknown>) => {
    const background = submitMode.current === 'background';
    submitMode.current = 'now';
    if (annotations && needsConfirmation(annotations) && !view.confirming) {
      view.setConfirming(true);
      return;
    }
    start(data, background);
  };
}

/**
 * Everything one command's page holds: the command and its form, the connection chosen, the form's
 * data and problems, the confirmation a change asks for, and the runs.
 */
export function useCommandView(commandId: string) {
  const host = useHostData();
  const summary = host.commands.find((command) => command.id === commandId);
  const { detail, loadError } = useCommandDetail(commandId);
  const pending = useMemo(() => takePendingRun(commandId), [commandId]);
  const [formData, setFormData] = useState<Record<string, unknown>>(() => pending?.input ?? {});
  const choice = useConnectionChoice(host, summary?.connector, pending?.connection);
  const { connectionName } = choice;
  const submitMode = useRef<SubmitMode>('now');
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [confirming, setConfirming] = useState(false);
  const plan = useMemo(() => (detail ? planForm(detail.id, detail.inputSchema) : undefined), [detail]);
  const connectorTitle = (summary && host.connector(summary.connector)?.title) ?? summary?.connector ?? '';
  const runs = useRun(detail, plan?.schema, connectionName);
  const runLookup = useLookupRunner(connectionName);
  const formContext = useMemo<FormContext>(
    () => ({ commandId, connection: connectionName, formData, runLookup }),
    [commandId, connectionName, formData, runLookup],
  );
  const clear = useCallback(() => {
    setConfirming(false);
    setProblems([]);
  }, []);
  const start = useStart(runs.run, Boolean(detail && plan), pending, clear);
  useSubmitShortcut(formId);
  const submit = submitter({ confirming, setConfirming }, detail?.annotations, submitMode, start);
  return {
    ...choice,
    summary,
    detail,
    loadError,
    plan,
    connectorTitle,
    formData,
    setFormData,
    formContext,
    problems,
    setProblems,
    confirming,
    setConfirming,
    submitMode,
    runs,
    submit,
  };
}

/** What `useCommandView` gives a command's page. */
export type CommandViewState = ReturnType<typeof useCommandView>;
