import type { CommandLookup } from '../types';

/**
 * Options for parameters that name a provider object (a team, a workflow state, a customer, a
 * document…), loaded by running the connector's own read commands on the chosen connection. What
 * to run and how to read its result come from the command's detail (`lookups`, declared by the
 * connector); this module only interprets them.
 */

/** One choice offered for a parameter. */
export interface LookupOption {
  value: string;
  label: string;
  /** A second line, e.g. an email or a state's type. */
  detail?: string | undefined;
}

/** A command to run for options: its qualified id, its input, and where the list sits in its result. */
export interface LookupRequest {
  command: string;
  input: Record<string, unknown>;
  items: string;
}

/** How to load the options of one parameter. */
export interface LookupSpec {
  /** What the options are, in the plural, for status lines ("teams", "customers"). */
  noun: string;
  /**
   * The command for what was typed and the rest of the form; `undefined` while a field in `needs`
   * is empty.
   */
  request(query: string, form: Record<string, unknown>): LookupRequest | undefined;
  /** Whether the typed text narrows the search on the provider (otherwise it filters locally). */
  searchesRemotely?: boolean;
  /** Fields to fill first (a team before its workflow states). */
  needs: string[];
  /** The options in a result of `request`. */
  options(result: unknown, request: LookupRequest): LookupOption[];
  /** What a person may type instead of choosing, with its article: "an id", "a name". */
  typed: string;
}

/** The value at a dotted path; `''` is the value itself. */
function at(value: unknown, path: string): unknown {
  let node = value;
  for (const key of path.split('.').filter(Boolean)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

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

/**
 * Fills a template: a dotted path, or text with `{path}` and `{path|format}` fields. `undefined`
 * when a field is missing, so the next template of the list is tried.
 */
function fill(template: string, item: unknown): string | undefined {
  if (!template.includes('{')) return shown(at(item, template));
  let missing = false;
  const text = template.replace(/\{([^{}|]+)(?:\|(\w+))?\}/g, (_match, path: string, format?: string) => {
    const value = at(item, path);
    const formatted = format ? formats[format]?.(value) : shown(value);
    if (formatted === undefined) missing = true;
    return formatted ?? '';
  });
  return missing ? undefined : text;
}

function first(templates: readonly string[] | undefined, item: unknown): string | undefined {
  for (const template of templates ?? []) {
    const text = fill(template, item);
    if (text !== undefined) return text;
  }
  return undefined;
}

const placeholder = /^\{(query|param:([A-Za-z_$][\w$]*))\}$/;

/** The input with `{query}` and `{param:name}` strings replaced by the typed text and form values. */
function fillInput(input: unknown, query: string, form: Record<string, unknown>): unknown {
  if (typeof input === 'string') {
    const match = placeholder.exec(input);
    if (!match) return input;
    return match[2] === undefined ? query : form[match[2]];
  }
  if (Array.isArray(input)) return input.map((entry) => fillInput(entry, query, form));
  if (input !== null && typeof input === 'object') {
    return Object.fromEntries(
      Object.entries(input).map(([key, entry]) => [key, fillInput(entry, query, form)]),
    );
  }
  return input;
}

const filled = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Turns a declared lookup into what the lookup widget runs. */
export function lookupSpecOf(lookup: CommandLookup): LookupSpec {
  const needs = lookup.needs ?? [];
  const valueName = lookup.value.split('.').at(-1) || 'value';
  return {
    noun: lookup.noun,
    needs,
    typed: `${/^[aeiou]/i.test(valueName) ? 'an' : 'a'} ${valueName}`,
    ...(lookup.searchesRemotely ? { searchesRemotely: true } : {}),
    request(query, form) {
      if (!needs.every((name) => filled(form[name]))) return undefined;
      const typed = query.trim();
      const empty = lookup.whenQueryEmpty;
      const chosen =
        typed === '' && empty
          ? { command: empty.command, input: empty.input ?? {}, items: empty.items ?? lookup.items }
          : { command: lookup.command, input: lookup.input ?? {}, items: lookup.items };
      return { ...chosen, input: fillInput(chosen.input, typed, form) as Record<string, unknown> };
    },
    options(result, request) {
      const list = at(result, request.items);
      if (!Array.isArray(list)) return [];
      const options: LookupOption[] = [];
      for (const item of list) {
        if (lookup.where && !filled(at(item, lookup.where))) continue;
        const value = shown(at(item, lookup.value));
        if (value === undefined) continue;
        const label = first(lookup.label, item) ?? value;
        const detail = first(lookup.detail, item);
        // A second line repeating the first (an email standing in for a missing name) says nothing.
        options.push({ value, label, detail: detail === label ? undefined : detail });
      }
      return options;
    },
  };
}

const declared = new Map<string, Record<string, CommandLookup>>();
const specs = new Map<string, LookupSpec>();

/** Keeps the lookups of a command's detail, for `lookupFor` (the host sends them with the detail). */
export function rememberLookups(commandId: string, lookups: Record<string, CommandLookup> | undefined): void {
  declared.set(commandId, lookups ?? {});
  for (const key of specs.keys()) if (key.startsWith(`${commandId}\u0000`)) specs.delete(key);
}

/**
 * The lookup of a parameter of a command, if its connector declares one; the same object on every
 * call, as the widget's effects depend on it.
 */
export function lookupFor(commandId: string, parameter: string): LookupSpec | undefined {
  const lookups = declared.get(commandId);
  if (!lookups || !Object.hasOwn(lookups, parameter)) return undefined;
  const key = `${commandId}\u0000${parameter}`;
  let spec = specs.get(key);
  if (!spec) {
    spec = lookupSpecOf(lookups[parameter] as CommandLookup);
    specs.set(key, spec);
  }
  return spec;
}

/**
 * The lookup of a field of a filter builder, declared inside the parameter's schema (`x-filter-fields`
 * of `@c/core`) with its connector's own command keys: qualified here as the host qualifies a
 * command's `lookups` (`searchTeams` of `issues.searchIssues` runs `issues.searchTeams`). The same
 * object on every call, as the widget's effects depend on it.
 */
export function filterLookupFor(
  commandId: string,
  parameter: string,
  field: string,
  lookup: CommandLookup,
): LookupSpec {
  const key = `${commandId}\u0000${parameter}\u0000${field}`;
  let spec = specs.get(key);
  if (!spec) {
    const connector = commandId.slice(0, commandId.lastIndexOf('.'));
    const qualify = (command: string) => (command.includes('.') ? command : `${connector}.${command}`);
    spec = lookupSpecOf({
      ...lookup,
      command: qualify(lookup.command),
      ...(lookup.whenQueryEmpty && {
        whenQueryEmpty: { ...lookup.whenQueryEmpty, command: qualify(lookup.whenQueryEmpty.command) },
      }),
    });
    specs.set(key, spec);
  }
  return spec;
}

/** Keeps the options whose label, value or detail contain every typed word. */
export function filterOptions(options: LookupOption[], query: string): LookupOption[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((option) => {
    const haystack = `${option.label} ${option.value} ${option.detail ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
