// What the CLI prints for a person on a terminal: tables for lists, sentences for errors. Scripts
// never see any of it (they get JSON), so it is free to be shaped for reading, not for parsing.
import type { ErrorJson, JsonSchema } from '@c/core';
import type { ConnectionView } from '../connections/connection-manager.js';
import type { CommandHints } from '../registry.js';
import { listItems } from '../result-list.js';
import type { CommandDetail } from '../views.js';
import { selfCommand } from './context.js';
import { renderTable } from './table.js';

/** How a terminal view is laid out. */
export interface TerminalOptions {
  width: number;
  colour: boolean;
}

const style = (on: boolean, code: [number, number]) => (text: string) =>
  on ? `\u001b[${code[0]}m${text}\u001b[${code[1]}m` : text;

/** The words the web UI uses for what a command may do, from its annotations. */
export function safetyWords(hints: CommandHints): string {
  if (hints.readOnly) return 'read-only';
  if (!hints.destructive) return 'adds data';
  return hints.idempotent ? 'changes data' : 'destructive';
}

const STATUS_WORDS: Record<ConnectionView['status'], string> = {
  ok: 'ok',
  needs_reconnect: 'needs reconnect',
  unreadable: 'unreadable',
  check_failed: 'check failed',
  sandbox_stopped: 'sandbox stopped',
};

/** `c-host connections list` on a terminal: one line per connection, and why any is not ok. */
export function connectionsTable(views: ConnectionView[], options: TerminalOptions): string {
  if (views.length === 0) {
    const cli = selfCommand();
    return `No connections yet. Add one with \`${cli} connect <connector>\`, or try every command on \`${cli} serve --sandbox\`.\n`;
  }
  const warn = style(options.colour, [33, 39]);
  const rows = views.map((view) => [
    view.name,
    view.connector,
    STATUS_WORDS[view.status] ?? view.status,
    view.isDefault ? 'yes' : '',
    view.name === 'env' ? 'environment' : view.sandbox ? 'sandbox' : 'stored',
    typeof view.options.baseUrl === 'string' ? view.options.baseUrl : '(the provider’s)',
    Object.entries(view.credentialHints)
      .map(([key, hint]) => `${key} ${hint}`)
      .join(', '),
  ]);
  const { text } = renderTable(
    ['NAME', 'CONNECTOR', 'STATUS', 'DEFAULT', 'SOURCE', 'BASE URL', 'CREDENTIALS'],
    rows,
    { width: options.width, bold: options.colour },
  );
  // One line for every connection of a stopped sandbox: they share the cause and the remedy.
  const stopped = views.filter((view) => view.status === 'sandbox_stopped').map((view) => view.name);
  const problems = [
    ...(stopped.length > 0
      ? [
          warn(
            `${stopped.join(', ')}: the sandbox is not running. Start it with \`${selfCommand()} serve --sandbox\` (or \`mcp --sandbox\`).`,
          ),
        ]
      : []),
    ...views
      .filter((view) => view.status !== 'ok' && view.status !== 'sandbox_stopped')
      .map((view) => warn(`${view.name}: ${problemOf(view)}`)),
  ];
  return `${text}${problems.length > 0 ? `\n${problems.join('\n')}\n` : ''}`;
}

function problemOf(view: ConnectionView): string {
  if (view.statusMessage) return view.statusMessage;
  if (view.status === 'needs_reconnect') {
    return `the provider refused its credentials: reconnect with \`${selfCommand()} connect ${view.connector} --name ${view.name}\`.`;
  }
  return 'its credentials cannot be opened with the current secret key: supply that key, or reconnect it.';
}

/** A JSON Schema type in words: `string`, `integer`, `"a" | "b"`, `string or array`. */
function typeWords(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches)) {
    return [...new Set(branches.filter((branch) => branch.type !== 'null').map(typeWords))].join(' or ');
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'any');
  if (type === 'array' && schema.items && typeof schema.items === 'object') {
    return `list of ${typeWords(schema.items as JsonSchema)}`;
  }
  return type;
}

/** Which command lists a parameter's choices, and what must be chosen first. */
function choicesWords(lookup: CommandDetail['lookups'][string] | undefined): string {
  if (!lookup) return '';
  const after = lookup.needs?.length ? ` once ${lookup.needs.join(' and ')} is set` : '';
  return `Choices: ${lookup.command}${after}.`;
}

/** `c-host describe <id>` on a terminal: what the command does and its parameters. */
export function describeText(detail: CommandDetail, options: TerminalOptions): string {
  const bold = style(options.colour, [1, 22]);
  const properties = (detail.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((detail.inputSchema.required ?? []) as string[]);
  const rows = Object.entries(properties).map(([key, property]) => [
    key,
    typeWords(property),
    required.has(key) ? 'yes' : '',
    property.default === undefined ? '' : JSON.stringify(property.default),
    [String(property.description ?? property.title ?? ''), choicesWords(detail.lookups[key])]
      .filter(Boolean)
      .join(' ')
      .replace(/\s+/g, ' '),
  ]);
  const parameters =
    rows.length === 0
      ? 'No parameters.\n'
      : renderTable(['PARAMETER', 'TYPE', 'REQUIRED', 'DEFAULT', 'DESCRIPTION'], rows, {
          width: options.width,
          bold: options.colour,
        }).text;
  return [
    `${bold(detail.title)} (${detail.id}): ${safetyWords(detail.annotations)}`,
    detail.description,
    '',
    parameters,
    `Run it: ${selfCommand()} run ${detail.id}${[...required].map((key) => ` -p ${key}=…`).join('')}. Input and output JSON Schemas: --json.`,
    '',
  ].join('\n');
}

/** The most rows a terminal table shows; the rest are counted and left to `--json` or `-o`. */
const MAX_ROWS = 200;
const TIME_KEY = /(^created$|^updated$|_at$|At$|[Tt]ime$|^date$|^period_(start|end)$|_date$|expires)/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** Keys shown first when a list has them: what names a row, then what a person looks for next. */
const LEADING = [
  'identifier',
  'id',
  'key',
  'name',
  'title',
  'email',
  'event_type',
  'user_id',
  'status',
  'state',
  'priority',
  'amount',
  'currency',
  'created',
  'createdAt',
  'time',
  'event_time',
];

function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * One value as a table cell: times readable (Unix seconds or ISO under a time-like key), a nested
 * object by its name or id, a list by its items' names or its length, text on one line.
 */
export function cellText(key: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    // 2001…2100 in Unix seconds, under a key that names a time (created, period_end, …).
    if (TIME_KEY.test(key) && value > 1e9 && value < 4.1e9) return formatTime(new Date(value * 1000));
    if (TIME_KEY.test(key) && value > 1e12 && value < 4.1e12) return formatTime(new Date(value));
    return String(value);
  }
  if (typeof value === 'string') {
    if (ISO_TIME.test(value)) return formatTime(new Date(value));
    return value.replace(/\s+/g, ' ').trim();
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    if (value.length === 0) return '';
    const names = value.map((item) =>
      item && typeof item === 'object' ? nameOf(item) : cellText(key, item),
    );
    return names.every((name) => name !== undefined && name !== '')
      ? names.join(', ')
      : `[${value.length} items]`;
  }
  if (typeof value === 'object') {
    const named = nameOf(value as Record<string, unknown>);
    if (named !== undefined) return named;
    // A GraphQL connection ({nodes: [...]}) or any other list holder reads as its list.
    const items = listItems(value);
    if (items) return cellText(key, items);
    const json = JSON.stringify(value);
    return json === '{}' ? '' : json;
  }
  return String(value);
}

function nameOf(object: Record<string, unknown>): string | undefined {
  for (const key of ['name', 'identifier', 'title', 'email', 'displayName', 'id']) {
    if (typeof object[key] === 'string' && object[key] !== '') return object[key] as string;
  }
  return undefined;
}

/**
 * A list result as a table (the list its output schema declares with `x-list`, else the first one
 * found): one row per item, the columns that carry data in at least one row
 * (identifying ones first), then the result's other fields (`has_more`, `pageInfo`, `truncated`, …)
 * as `key: value` lines. Undefined for a result that is not a list of objects: that stays JSON.
 */
export function resultTable(
  result: unknown,
  options: TerminalOptions,
  outputSchema?: JsonSchema,
): string | undefined {
  const declared = outputSchema?.['x-list'];
  const items = listItems(result, typeof declared === 'string' ? declared : undefined);
  if (!items?.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) {
    return undefined;
  }
  const rows = items as Record<string, unknown>[];
  const keys: string[] = [];
  for (const row of rows.slice(0, MAX_ROWS))
    for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  const shown = rows.slice(0, MAX_ROWS);
  const columns = keys
    .filter((key) => key !== 'object' && shown.some((row) => cellText(key, row[key]) !== ''))
    .sort((a, b) => rank(a, shown) - rank(b, shown));
  const lines: string[] = [];
  if (rows.length === 0) {
    lines.push('No items.');
  } else {
    const { text, dropped } = renderTable(
      columns.map((key) => key),
      shown.map((row) => columns.map((key) => cellText(key, row[key]))),
      { width: options.width, bold: options.colour },
    );
    lines.push(text.trimEnd());
    const more = rows.length - shown.length;
    const count = `${rows.length} ${rows.length === 1 ? 'item' : 'items'}${more > 0 ? `, the first ${shown.length} shown` : ''}.`;
    const hidden = dropped.length > 0 ? ` Columns not shown: ${dropped.join(', ')}.` : '';
    lines.push('', fit(`${count}${hidden}`, options.width), 'Everything: --json, or -o <file> for NDJSON.');
  }
  if (!Array.isArray(result)) {
    const record = result as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      // Stripe's list wrapper: `object: "list"` and the path it was read from say nothing here.
      if (key === 'object' || value === items || (key === 'url' && record.object === 'list')) continue;
      const text = pageInfoText(value) ?? cellText(key, value);
      if (text !== '') lines.push(`${key}: ${text}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** One line of at most `width` characters, cut with `…`. */
function fit(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(1, width - 1))}…`;
}

/** Leading keys in their order, then plain values, then nested objects (which read worst in a cell). */
function rank(key: string, rows: Record<string, unknown>[]): number {
  const index = LEADING.indexOf(key);
  if (index !== -1) return index;
  const nested = rows.some((row) => row[key] !== null && typeof row[key] === 'object');
  return LEADING.length + (nested ? 1 : 0);
}

/** GraphQL's `pageInfo` as the words a person needs: whether there is more, and the cursor. */
function pageInfoText(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || !('hasNextPage' in value)) return undefined;
  const info = value as { hasNextPage?: unknown; endCursor?: unknown };
  return info.hasNextPage ? `more after cursor ${String(info.endCursor)}` : 'no more pages';
}

/**
 * An error for a person: what went wrong in a sentence (naming the parameter), then what to do:
 * close names, reconnect, when to retry, whether a write may have gone through.
 */
export function errorSentence(error: ErrorJson, colour: boolean): string {
  const red = style(colour, [31, 39]);
  const details = error.details ?? {};
  const lines = [`${red('Error:')} ${error.message}`];
  if (error.parameter && !error.message.includes(`"${error.parameter}"`)) {
    lines.push(`  Parameter: ${error.parameter}`);
  }
  const issues = Array.isArray(details.issues)
    ? (details.issues as { parameter?: string; message?: string }[])
    : [];
  for (const issue of issues.slice(1)) {
    lines.push(
      `  Also ${issue.parameter ? `"${issue.parameter}"` : 'the input'}: ${issue.message ?? ''}`.trimEnd(),
    );
  }
  if (error.providerMessage && !error.message.includes(error.providerMessage)) {
    lines.push(`  The provider said: ${error.providerMessage}`);
  }
  if (error.needsReconnect) {
    const connection = typeof details.connection === 'string' ? details.connection : undefined;
    lines.push(
      connection
        ? `  Reconnect "${connection}" (c-host connect <connector> --name ${connection}), then try again.`
        : '  Reconnect the connection (c-host connect <connector> --name <connection>), then try again.',
    );
  }
  if (error.outcomeUnknown) {
    const key = typeof details.idempotencyKey === 'string' ? details.idempotencyKey : undefined;
    lines.push(
      key
        ? `  It may have been applied. Repeat it with --idempotency-key ${key} to apply it at most once.`
        : '  It may have been applied: check before running it again.',
    );
  } else if (error.retryAfterMs !== undefined) {
    lines.push(`  Try again in ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} s.`);
  } else if (error.retryable && error.kind !== 'validation') {
    lines.push('  Trying again may work.');
  }
  if (error.requestId) lines.push(`  Request id: ${error.requestId}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The text a result declares as its `document` view (`x-view: document`, `x-text`: where the text
 * is, e.g. a Google Doc as Markdown), for a person to read on a terminal instead of its JSON.
 */
export function documentText(result: unknown, schema: JsonSchema | undefined): string | undefined {
  const path = schema?.['x-view'] === 'document' ? schema['x-text'] : undefined;
  if (typeof path !== 'string') return undefined;
  let value: unknown = result;
  for (const key of path.split('.')) {
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (typeof value !== 'string') return undefined;
  return value.endsWith('\n') ? value : `${value}\n`;
}
