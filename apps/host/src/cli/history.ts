import {
  type HistoryFilters,
  type HistoryPage,
  type HistoryRun,
  listRunHistory,
  parseHistoryFilters,
} from '../runs/run-history.js';
import { cliHost, type GlobalFlags, selfCommand } from './context.js';
import { colourful, forPerson, type OutputFlags, printJson, terminalWidth } from './output.js';
import { renderTable } from './table.js';
import type { TerminalOptions } from './terminal.js';

/** Options of `c-host runs list`. */
export interface HistoryFlags extends GlobalFlags, OutputFlags {
  command?: string;
  connection?: string;
  surface?: string;
  status?: string;
  limit?: string;
  cursor?: string;
}

/**
 * `c-host runs list`: the run history of every surface (this command line, the web UI, MCP, the
 * API, background runs), newest first; a table on a terminal, else JSON (`{runs, nextCursor}`).
 * The filters are checked before the store is opened.
 */
export async function listRunsCommand(flags: HistoryFlags): Promise<void> {
  const filters: HistoryFilters = {
    command: flags.command,
    connection: flags.connection,
    surface: flags.surface,
    status: flags.status,
    limit: flags.limit,
    cursor: flags.cursor,
  };
  parseHistoryFilters(filters);
  // Every connector's commands may be in the history; none needs loading to read it.
  const host = await cliHost(flags, []);
  try {
    const page = await listRunHistory(host.store, filters);
    if (!forPerson(flags)) {
      printJson(page);
      return;
    }
    process.stdout.write(historyTable(page, { width: terminalWidth(), colour: colourful(process.stdout) }));
  } finally {
    await host.close();
  }
}

/** How long ago, as `gh run list` says it: `12s ago`, `5m ago`, `3h ago`, `2d ago`. */
export function ago(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`;
  return `${Math.floor(seconds / 86_400)}d ago`;
}

const WHERE: Record<HistoryRun['surface'], string> = {
  web: 'web UI',
  cli: 'CLI',
  mcp: 'MCP',
  http: 'API',
  async: 'background',
};

/** A run's state in words, and its colour on a terminal: green ended well, red failed, yellow on its way. */
function statusWords(run: HistoryRun): { words: string; colour: number } {
  if (run.status === 'succeeded') {
    return { words: run.outcome === 'replayed' ? 'replayed' : run.dryRun ? 'dry run' : 'ok', colour: 32 };
  }
  if (run.status === 'failed') return { words: (run.outcome ?? 'failed').replaceAll('_', ' '), colour: 31 };
  return { words: run.status, colour: 33 };
}

/** `c-host runs list` on a terminal: one line per run, and how to see more. */
export function historyTable(page: HistoryPage, options: TerminalOptions, now = Date.now()): string {
  const cli = selfCommand();
  if (page.runs.length === 0) {
    return `No runs yet. Runs from the CLI, the web UI, MCP and the API appear here; try \`${cli} run <command>\`.\n`;
  }
  const statuses = page.runs.map(statusWords);
  const anyAsync = page.runs.some((run) => run.surface === 'async');
  const rows = page.runs.map((run, index) => [
    statuses[index]!.words,
    run.command,
    run.connection,
    WHERE[run.surface] ?? run.surface,
    run.durationMs === undefined ? '' : `${run.durationMs} ms`,
    ago(run.at, now),
    // A background run's id reads its result (`runs get <id>`); the others have none to read.
    ...(anyAsync ? [run.surface === 'async' ? run.id : ''] : []),
  ]);
  const headers = [
    'STATUS',
    'COMMAND',
    'CONNECTION',
    'FROM',
    'TOOK',
    'WHEN',
    ...(anyAsync ? ['RUN ID'] : []),
  ];
  const { text } = renderTable(headers, rows, { width: options.width, bold: options.colour });
  // Coloured once laid out (the first column is never cut): escapes would count as width.
  const lines = text.split('\n').map((line, index) => {
    const status = statuses[index - 1];
    if (!options.colour || !status || !line.startsWith(status.words)) return line;
    return `\u001b[${status.colour}m${status.words}\u001b[39m${line.slice(status.words.length)}`;
  });
  const failed = page.runs.filter((run) => run.status === 'failed' && run.message);
  const reasons = failed.slice(0, 3).map((run) => `${run.command}, ${ago(run.at, now)}: ${run.message}`);
  const more = page.nextCursor ? [`More: \`${cli} runs list --cursor ${page.nextCursor}\``] : [];
  const notes = [...reasons, ...more];
  return `${lines.join('\n')}${notes.length > 0 ? `\n${notes.join('\n')}\n` : ''}`;
}
