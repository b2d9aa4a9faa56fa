/**
 * How a parameter's choices are found: which of the connector's own read commands lists them and
 * where the ids and names sit in its result. Plain JSON, so a host can send it to a UI, a CLI prompt
 * or an MCP description; the connector is the one place that knows its provider's requests.
 *
 * Strings in `input` may hold placeholders, replaced when the lookup runs:
 * - `{query}`: the text typed so far, trimmed;
 * - `{param:name}`: the value of another parameter of the same command (e.g. the chosen team).
 *
 * Labels and details are lists of templates; the first whose fields are all present wins. A
 * template is a dotted path (`name`, `status.name`) or text with `{path}` fields, each optionally
 * formatted: `{unit_amount|minor}` (minor units as a decimal), `{currency|upper}`, `{modifiedTime|date}`.
 */
export interface Lookup {
  /** What the choices are, in the plural, for status lines ("teams", "customers"). */
  noun: string;
  /** The key of a command of the same connector that lists the choices (a read, or a custom action's query). */
  command: string;
  /** That command's input, with `{query}` and `{param:name}` placeholders. */
  input?: Record<string, unknown>;
  /**
   * Another request for when nothing is typed (a search that needs a name lists the first instead),
   * with its own `items` path when its result is shaped differently.
   */
  whenQueryEmpty?: { command: string; input?: Record<string, unknown>; items?: string };
  /** Parameters that must be filled before choices can be listed (a team before its states). */
  needs?: string[];
  /** Dotted path to the list in the command's result; empty for a result that is the list. */
  items: string;
  /** Only items with a value at this dotted path are choices (e.g. recurring prices). */
  where?: string;
  /** Dotted path to the value the parameter takes. */
  value: string;
  /** Templates for the choice's name; the first that can be filled wins. */
  label: string[];
  /** Templates for a second line (an email, a state's type). */
  detail?: string[];
  /** Whether the typed text narrows the search on the provider (otherwise the caller filters). */
  searchesRemotely?: boolean;
}

/** One request of a lookup: the command, its input (placeholders unfilled) and where its list sits. */
export interface LookupRequest {
  command: string;
  input: Record<string, unknown>;
  items: string;
}

/** The requests a lookup may run: its main one and its fallback for an empty query. */
export function lookupRequests(lookup: Lookup): LookupRequest[] {
  const main = { command: lookup.command, input: lookup.input ?? {}, items: lookup.items };
  const empty = lookup.whenQueryEmpty;
  if (!empty) return [main];
  return [main, { command: empty.command, input: empty.input ?? {}, items: empty.items ?? lookup.items }];
}

/** The request to run for what was typed: the fallback when the text is blank and there is one. */
export function lookupRequestFor(lookup: Lookup, query: string): LookupRequest {
  const [main, empty] = lookupRequests(lookup);
  return (query.trim() === '' && empty) || (main as LookupRequest);
}

const placeholder = /^\{(query|param:([A-Za-z_$][\w$]*))\}$/;

/**
 * Replaces the placeholders in a lookup input: strings that are exactly `{query}` or
 * `{param:name}` become the typed text or that parameter's value (kept as it is, not stringified).
 */
export function fillLookupInput(
  input: Record<string, unknown>,
  query: string,
  form: Record<string, unknown>,
): Record<string, unknown> {
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const match = placeholder.exec(value);
      if (!match) return value;
      return match[2] === undefined ? query : form[match[2]];
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, fill(entry)]));
    }
    return value;
  };
  return fill(input) as Record<string, unknown>;
}

/** The parameters named by `{param:name}` placeholders in a lookup's inputs. */
export function lookupParameters(lookup: Lookup): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const name = placeholder.exec(value)?.[2];
      if (name) names.add(name);
    } else if (value !== null && typeof value === 'object') {
      for (const entry of Object.values(value)) visit(entry);
    }
  };
  for (const request of lookupRequests(lookup)) visit(request.input);
  return [...names];
}

/** Throws when a lookup is not well formed; `where` names it in the message. */
export function checkLookup(lookup: Lookup, where: string): void {
  const fail = (what: string) => {
    throw new Error(`Lookup of ${where}: ${what}`);
  };
  if (typeof lookup.noun !== 'string' || !lookup.noun) fail('noun is required');
  if (typeof lookup.command !== 'string' || !lookup.command) fail('command is required');
  if (typeof lookup.items !== 'string') fail('items must be a dotted path ("" for the result itself)');
  if (typeof lookup.value !== 'string' || !lookup.value) fail('value must be a dotted path');
  if (!Array.isArray(lookup.label) || lookup.label.length === 0) fail('label needs at least one template');
  const needs = new Set(lookup.needs ?? []);
  for (const name of lookupParameters(lookup)) {
    if (!needs.has(name)) fail(`input uses {param:${name}} but needs does not list "${name}"`);
  }
}

interface CommandLike {
  readonly key: string;
  readonly lookups?: Record<string, Lookup> | undefined;
}

/**
 * Checks every command's lookups when a connector is defined: each is well formed and runs a
 * command of the same connector (a custom action counts: a GraphQL query through it only reads). Parameters are checked by `lookupProblems`, which
 * builds the input schemas that defining a connector leaves unbuilt.
 */
export function checkConnectorLookups(commands: Record<string, CommandLike>): void {
  for (const [key, command] of Object.entries(commands)) {
    for (const [parameter, lookup] of Object.entries(command.lookups ?? {})) {
      const where = `${key}.${parameter}`;
      checkLookup(lookup, where);
      for (const request of lookupRequests(lookup)) {
        const target = Object.hasOwn(commands, request.command) ? commands[request.command] : undefined;
        if (!target) throw new Error(`Lookup of ${where}: no command "${request.command}" in this connector`);
      }
    }
  }
}

interface ParsingCommand extends CommandLike {
  readonly input: { shape: Record<string, unknown> };
  parse(input: unknown): unknown;
}

/**
 * What is wrong with a connector's lookups, one sentence each (empty when all is well): a lookup on
 * a parameter the command lacks, a `needs` naming an unknown parameter, or an input that the listing
 * command refuses once its placeholders are filled with sample values. For connector tests.
 */
export function lookupProblems(connector: { commands: Record<string, ParsingCommand> }): string[] {
  const problems: string[] = [];
  for (const [key, command] of Object.entries(connector.commands)) {
    const shape = command.lookups ? command.input.shape : {};
    for (const [parameter, lookup] of Object.entries(command.lookups ?? {})) {
      const where = `${key}.${parameter}`;
      if (!Object.hasOwn(shape, parameter)) problems.push(`${where}: ${key} has no parameter "${parameter}"`);
      for (const need of lookup.needs ?? []) {
        if (!Object.hasOwn(shape, need)) problems.push(`${where}: needs "${need}", which ${key} lacks`);
      }
      const form = Object.fromEntries((lookup.needs ?? []).map((name) => [name, `sample-${name}`]));
      for (const request of lookupRequests(lookup)) {
        const target = connector.commands[request.command];
        if (!target) {
          problems.push(`${where}: no command "${request.command}"`);
          continue;
        }
        // A parameter filled from another one (`{param:customerId}`) gets a sample that a strict id
        // format may refuse: only the rest of the input is checked.
        const filled = Object.entries(request.input)
          .filter(([, value]) => typeof value === 'string' && value.startsWith('{param:'))
          .map(([name]) => name);
        try {
          target.parse(fillLookupInput(request.input, 'sample', form));
        } catch (error) {
          const parameter = (error as { parameter?: string }).parameter;
          if (parameter !== undefined && filled.includes(parameter)) continue;
          problems.push(`${where}: ${request.command} refuses its input: ${(error as Error).message}`);
        }
      }
    }
  }
  return problems;
}

/** One choice of a parameter, read from a lookup's result. */
export interface LookupChoice {
  /** What the parameter takes. */
  value: string;
  /** The choice's name. */
  label: string;
  /** A second line (an email, a state's type), when it says more than the label. */
  detail?: string | undefined;
}

/** The value at a dotted path; `''` is the value itself. */
function valueAt(value: unknown, path: string): unknown {
  let node = value;
  for (const key of path.split('.').filter(Boolean)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A value as a choice shows it: text and finite numbers; nothing for an empty or other value. */
function shown(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

const formats: Record<string, (value: unknown) => string | undefined> = {
  /** Minor currency units (cents) as a decimal. */
  minor: (value) =>
    typeof value === 'number' && Number.isFinite(value) ? (value / 100).toFixed(2) : undefined,
  upper: (value) => shown(value)?.toUpperCase(),
  /** The date of an ISO timestamp. */
  date: (value) => shown(value)?.slice(0, 10),
};

/** Fills one template for an item; `undefined` when a field is missing, so the next one is tried. */
function fillTemplate(template: string, item: unknown): string | undefined {
  if (!template.includes('{')) return shown(valueAt(item, template));
  let missing = false;
  const text = template.replace(/\{([^{}|]+)(?:\|(\w+))?\}/g, (_match, path: string, format?: string) => {
    const value = valueAt(item, path);
    const formatted = format ? formats[format]?.(value) : shown(value);
    if (formatted === undefined) missing = true;
    return formatted ?? '';
  });
  return missing ? undefined : text;
}

function firstTemplate(templates: readonly string[] | undefined, item: unknown): string | undefined {
  for (const template of templates ?? []) {
    const text = fillTemplate(template, item);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** Whether a form value counts as given: not absent, `null`, `''` or an empty list. */
function isFilled(value: unknown): boolean {
  return (
    value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)
  );
}

/** Whether a lookup can run for a form: every parameter it `needs` is filled. */
export function lookupReady(lookup: Lookup, form: Record<string, unknown>): boolean {
  return (lookup.needs ?? []).every((name) => isFilled(form[name]));
}

/**
 * The choices in the result of one of a lookup's requests (`items` is that request's list path):
 * items without a value, or failing `where`, are left out; the label and detail are the first
 * templates that can be filled, the label falling back to the value.
 */
export function lookupChoices(lookup: Lookup, result: unknown, items: string = lookup.items): LookupChoice[] {
  const list = valueAt(result, items);
  if (!Array.isArray(list)) return [];
  const choices: LookupChoice[] = [];
  for (const item of list) {
    if (lookup.where && !isFilled(valueAt(item, lookup.where))) continue;
    const value = shown(valueAt(item, lookup.value));
    if (value === undefined) continue;
    const label = firstTemplate(lookup.label, item) ?? value;
    const detail = firstTemplate(lookup.detail, item);
    // A second line repeating the first (an email standing in for a missing name) says nothing.
    choices.push({ value, label, ...(detail !== undefined && detail !== label ? { detail } : {}) });
  }
  return choices;
}
