import {
  fillLookupInput,
  type LookupChoice,
  type LookupRequest,
  lookupChoices,
  lookupReady,
  lookupRequestFor,
} from '@c/core/lookup';
import type { CommandLookup } from '../types';

/**
 * Options for parameters that name a provider object (a team, a workflow state, a customer, a
 * document…), loaded by running the connector's own read commands on the chosen connection. What
 * to run and how to read its result come from the command's detail (`lookups`, declared by the
 * connector); core's `@c/core/lookup` interprets them, as it does for the CLI's prompts.
 */

export type { LookupRequest };

/** One choice offered for a parameter. */
export type LookupOption = LookupChoice;

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
      if (!lookupReady(lookup, form)) return undefined;
      const typed = query.trim();
      const chosen = lookupRequestFor(lookup, typed);
      return { ...chosen, input: fillLookupInput(chosen.input, typed, form) };
    },
    options: (result, request) => lookupChoices(lookup, result, request.items),
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
