import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api';
import { useHostData } from '../host-data';
import { navigate } from '../router';
import type { ErrorKind, HistoryRun } from '../types';
import { kindLabels } from '../ui/error-panel';
import { forgetRuns, loadRecentRuns, type RecentRun, setPendingRun } from './recent-runs';
import { inputWords, mergeRuns, type RunLine, surfaceWords } from './run-history';

function when(iso: string): string {
  const date = new Date(iso);
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

type Filters = { surface: string; status: string; connection: string };
const NO_FILTERS: Filters = { surface: '', status: '', connection: '' };

/** The host's history, a page at a time, for the filters; undefined while the host has not answered. */
function useHistory(filters: Filters) {
  const [runs, setRuns] = useState<HistoryRun[] | undefined>();
  const [next, setNext] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  const load = useCallback(
    async (cursor?: string) => {
      try {
        const page = await api.history({ ...filters, cursor, limit: '30' });
        setRuns((before) => [...(cursor ? (before ?? []) : []), ...page.runs]);
        setNext(page.nextCursor);
        setFailed(undefined);
      } catch (cause) {
        setFailed(cause instanceof Error ? cause.message : String(cause));
        setRuns((before) => before ?? []);
      }
    },
    [filters],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return { runs, next, failed, more: () => load(next) };
}

/** Every run of this host (the web UI, the CLI, MCP, the API), this browser's with their input. */
export function RecentPage() {
  const host = useHostData();
  const [local, setLocal] = useState<RecentRun[]>(() => loadRecentRuns());
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const history = useHistory(filters);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const filtered = Object.values(filters).some(Boolean);
  const lines = mergeRuns(history.runs ?? [], local, { complete: !history.next, filtered });

  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 ref={headingRef} tabIndex={-1}>
            Recent runs
          </h1>
          <p className="muted">
            Every run of this host, newest first: from this browser, the CLI, MCP and the API. Inputs are kept
            in this browser only, for its own runs.
          </p>
        </div>
        {local.length > 0 && (
          <button type="button" className="button button--quiet" onClick={() => setLocal(forgetRuns())}>
            Forget this browser’s inputs
          </button>
        )}
      </div>
      <RunFilters filters={filters} onChange={setFilters} connections={host.connections.map((c) => c.name)} />
      {history.failed && <p className="muted">The host’s history could not be read ({history.failed}).</p>}
      {history.runs === undefined ? (
        <p className="muted">Loading runs…</p>
      ) : lines.length === 0 ? (
        <p className="empty">
          {filtered
            ? 'No runs match these filters.'
            : 'No runs yet. Runs from the Commands screen, the CLI and MCP appear here.'}
        </p>
      ) : (
        <ol className="recent-list" aria-label="Runs">
          {lines.map((line) => (
            <RunCard key={line.key} line={line} onForget={(id) => setLocal(forgetRuns(id))} />
          ))}
        </ol>
      )}
      {history.next && (
        <button type="button" className="button recent-more" onClick={() => void history.more()}>
          Show older runs
        </button>
      )}
    </div>
  );
}

const SURFACES = [
  ['', 'Anywhere'],
  ['web', 'Web UI'],
  ['cli', 'CLI'],
  ['mcp', 'MCP'],
  ['http', 'API'],
  ['async', 'Background'],
] as const;
const STATUSES = [
  ['', 'Any'],
  ['succeeded', 'Succeeded'],
  ['failed', 'Failed'],
  ['running', 'Running'],
  ['queued', 'Queued'],
] as const;

/** The three filters: where a run came from, how it stands, its connection. */
function RunFilters(props: { filters: Filters; connections: string[]; onChange(filters: Filters): void }) {
  const { filters, onChange } = props;
  const select = (name: keyof Filters, title: string, options: readonly (readonly [string, string])[]) => (
    <label className="recent-filters__field">
      <span className="field__label">{title}</span>
      <select
        value={filters[name]}
        onChange={(event) => onChange({ ...filters, [name]: event.target.value })}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const connections = [['', 'Any'] as const, ...props.connections.map((name) => [name, name] as const)];
  return (
    <fieldset className="recent-filters">
      <legend className="sr-only">Filter runs</legend>
      {select('surface', 'From', SURFACES)}
      {select('status', 'Status', STATUSES)}
      {select('connection', 'Connection', connections)}
    </fieldset>
  );
}

/** How a run stands, as a badge. */
function StatusBadge({ line }: { line: RunLine }) {
  const status = line.host?.status ?? (line.local?.ok ? 'succeeded' : 'failed');
  if (status === 'succeeded')
    return <span className="badge badge--ok">{line.host?.dryRun ? 'Dry run' : 'Succeeded'}</span>;
  if (status !== 'failed') return <span className="badge">{status === 'queued' ? 'Queued' : 'Running'}</span>;
  const kind = (line.host?.outcome ?? line.local?.errorKind) as ErrorKind | undefined;
  return <span className="badge badge--danger">{(kind && kindLabels[kind]) ?? 'Failed'}</span>;
}

/** One run: what ran, how it ended, where from; this browser's runs can be opened or run again. */
function RunCard({ line, onForget }: { line: RunLine; onForget(id: string): void }) {
  const host = useHostData();
  const [connectorId] = line.commandId.split('.');
  const command = host.commands.find((entry) => entry.id === line.commandId);
  const title = command?.title ?? line.local?.title ?? line.commandId;
  const connection = line.host?.connection ?? line.local?.connection;
  const durationMs = line.host?.durationMs ?? line.local?.durationMs;
  const input = line.local ? inputWords(line.local.input) : [];
  function open(autorun: boolean) {
    setPendingRun({
      commandId: line.commandId,
      input: line.local?.input ?? {},
      connection: connection === 'env' ? undefined : connection,
      autorun,
    });
    navigate({ page: 'commands', commandId: line.commandId });
  }
  return (
    <li className="card recent">
      <div className="recent__main">
        <h2 className="recent__title">
          {title} <span className="muted">· {host.connector(connectorId ?? '')?.title ?? connectorId}</span>
        </h2>
        <p className="recent__meta">
          <StatusBadge line={line} />
          <span>{when(line.at)}</span>
          {connection && <span>on {connection}</span>}
          <span>{surfaceWords(line)}</span>
          {durationMs !== undefined && <span>{durationMs} ms</span>}
        </p>
        {input.length > 0 && (
          <dl className="recent__input">
            {input.map((field) => (
              <div key={field.label}>
                <dt>{field.label}</dt>
                <dd>{field.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {line.host?.message && <p className="recent__message">{line.host.message}</p>}
      </div>
      {command && (
        <div className="button-row">
          {line.local && (
            <button
              type="button"
              className="button button--primary"
              aria-label={`Run ${title} again`}
              onClick={() => open(true)}
            >
              Run again
            </button>
          )}
          <button
            type="button"
            className="button"
            aria-label={line.local ? `Open ${title} with this input` : `Open ${title}`}
            onClick={() => open(false)}
          >
            Open
          </button>
          {line.local && (
            <button
              type="button"
              className="button button--quiet"
              aria-label={`Forget this run of ${title}`}
              onClick={() => line.local && onForget(line.local.id)}
            >
              Forget
            </button>
          )}
        </div>
      )}
    </li>
  );
}
