import { checkLookup, fillLookupInput, type Lookup, lookupParameters, lookupRequests } from './lookup.js';

/**
 * The JSON Schema keyword under which a filter parameter (a provider's filter object, such as
 * Linear's `IssueFilter`) declares its common fields. Prefixed `x-`, so JSON Schema readers that do
 * not know it (MCP clients, validators) ignore it.
 */
export const FILTER_FIELDS_KEY = 'x-filter-fields';

/** The name of the keyword, for readers that import only types (`'x-filter-fields'`). */
export type FilterFieldsKey = typeof FILTER_FIELDS_KEY;

/** One value of an enumerated filter field: what is sent, and its name. */
export interface FilterFieldOption {
  value: string | number;
  title: string;
}

/**
 * One common field of a filter object: a form offers a control for it and writes what is chosen at
 * `path` inside the filter; everything else stays editable as JSON. The filter value stays the wire
 * format, so CLI and MCP callers write the same object by hand.
 */
export interface FilterField {
  /** Unique among the parameter's fields. */
  key: string;
  title: string;
  description?: string;
  /** Where the value sits in the filter: `['team', 'id', 'eq']` writes `{team: {id: {eq: value}}}`. */
  path: string[];
  /**
   * The value's type. A `boolean` field is a checkbox that writes `true` when ticked and nothing
   * otherwise (`assignee.isMe.eq`), as "not ticked" means "not filtered", not "false".
   */
  type: 'string' | 'integer' | 'boolean';
  /** The values to choose from, in order, when the field is enumerated. */
  options?: FilterFieldOption[];
  /**
   * Where the choices come from, when they are provider objects (teams, users): a lookup whose
   * commands are this connector's, named by key as in a command's `lookups`. It cannot depend on
   * other parameters (`needs`, `{param:…}`): the filter is one parameter.
   */
  lookup?: Lookup;
}

/**
 * The schema metadata that declares a filter parameter's common fields, checked: pass it to the
 * parameter's `.meta()` beside its title. Throws when a field is not well formed.
 */
export function filterFieldsMeta(fields: FilterField[]): { [FILTER_FIELDS_KEY]: FilterField[] } {
  const keys = new Set<string>();
  for (const field of fields) {
    const where = `filter field "${field.key}"`;
    if (typeof field.key !== 'string' || !field.key) throw new Error('A filter field needs a key');
    if (keys.has(field.key)) throw new Error(`The ${where} is declared twice`);
    keys.add(field.key);
    if (!field.title) throw new Error(`The ${where} needs a title`);
    if (!Array.isArray(field.path) || field.path.length === 0 || field.path.some((part) => !part)) {
      throw new Error(`The ${where} needs a path of non-empty keys`);
    }
    if (!['string', 'integer', 'boolean'].includes(field.type)) {
      throw new Error(`The ${where} has an unknown type "${String(field.type)}"`);
    }
    for (const option of field.options ?? []) {
      const expected = field.type === 'integer' ? 'number' : 'string';
      if (typeof option.value !== expected || !option.title) {
        throw new Error(`The ${where} has an option that is not a titled ${field.type}`);
      }
    }
    if (field.lookup) {
      checkLookup(field.lookup, where);
      if ((field.lookup.needs ?? []).length > 0 || lookupParameters(field.lookup).length > 0) {
        throw new Error(`The lookup of the ${where} cannot depend on other parameters`);
      }
    }
  }
  return { [FILTER_FIELDS_KEY]: fields };
}

interface ParsingCommand {
  readonly inputSchema: Record<string, unknown>;
  parse(input: unknown): unknown;
}

/**
 * What is wrong with the filter fields a connector's commands declare, one sentence each (empty when
 * all is well): a lookup that runs a command the connector lacks, or whose input that command
 * refuses. For connector tests, as `lookupProblems` is for parameters' lookups.
 */
export function filterFieldProblems(connector: { commands: Record<string, ParsingCommand> }): string[] {
  const problems: string[] = [];
  for (const [key, command] of Object.entries(connector.commands)) {
    const properties = (command.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [parameter, schema] of Object.entries(properties)) {
      const fields = schema[FILTER_FIELDS_KEY] as FilterField[] | undefined;
      for (const field of fields ?? []) {
        if (!field.lookup) continue;
        const where = `${key}.${parameter} › ${field.key}`;
        for (const request of lookupRequests(field.lookup)) {
          const target = connector.commands[request.command];
          if (!target) {
            problems.push(`${where}: no command "${request.command}"`);
            continue;
          }
          try {
            target.parse(fillLookupInput(request.input, 'sample', {}));
          } catch (error) {
            problems.push(`${where}: ${request.command} refuses its input: ${(error as Error).message}`);
          }
        }
      }
    }
  }
  return problems;
}
