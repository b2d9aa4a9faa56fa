import { type Command, type JsonSchema, type Lookup, parseWith } from '@c/core';
import { choiceLabels } from '@c/core/internal';
import { type LookupChoice, lookupReady } from '@c/core/lookup';
import { note } from './output.js';
import { coerce } from './params.js';

/** Where prompts draw: stderr, so that stdout carries only the result. */
const context = { output: process.stderr };

/**
 * Checks one answer against its parameter's schema: the text as `-p` would read it, then the
 * parameter's own zod rules (a format, a range, a pattern). Returns `true`, or the reason in words,
 * which the prompt shows under the answer while it waits for a better one.
 */
export function checkAnswer(command: Command, key: string, text: string, schema: JsonSchema): true | string {
  let value: unknown;
  try {
    value = coerce(text, schema, key);
  } catch (error) {
    return reasonOf(error, key);
  }
  const field = (command.input.shape as Record<string, Parameters<typeof parseWith>[0]>)[key];
  if (!field) return true;
  try {
    parseWith(field, value, key);
    return true;
  } catch (error) {
    return reasonOf(error, key);
  }
}

/** A validation message without its `Invalid parameter "key": ` opening: the prompt names it already. */
function reasonOf(error: unknown, key: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const opening = `Invalid parameter "${key}": `;
  return message.startsWith(opening) ? message.slice(opening.length) : message;
}

/** The options of an enum parameter to pick from: its label with the value, "Daily (1)", when it has one. */
export function choicesOf(schema: JsonSchema): { name: string; value: unknown }[] {
  const labels = choiceLabels(schema);
  return ((schema.enum ?? []) as unknown[]).map((value) => {
    const label = labels.get(value);
    return { name: label === undefined ? String(value) : `${label} (${String(value)})`, value };
  });
}

/**
 * Lists a parameter's choices by running its lookup (on the connection the run will use); throws
 * when the lookup fails. See `lookupChoiceLister`.
 */
export type ListChoices = (lookup: Lookup, form: Record<string, unknown>) => Promise<LookupChoice[]>;

/** What `promptMissing` may use besides the command. */
export interface PromptOptions {
  /** Lists lookup choices; without it (no connection to ask) every id is typed. */
  listChoices?: ListChoices | undefined;
}

/** The select's own entries, apart from the provider's values (a symbol cannot clash with an id). */
const TYPE_ANOTHER = Symbol('type another value');
const LEAVE_UNSET = Symbol('leave unset');
/** Back to the start of the line, erasing it: the status line goes once the list is there. */
const CLEAR_LINE = '\r\u001b[2K';

/**
 * The order to ask in: as given, except that a parameter whose lookup needs another one being asked
 * comes after it (the team before its workflow states). Parameters in a cycle come last, in the
 * given order, rather than never.
 */
export function promptOrder(
  keys: readonly string[],
  lookups: Readonly<Record<string, Lookup>> = {},
): string[] {
  const pending = [...keys];
  const ordered: string[] = [];
  while (pending.length > 0) {
    const waiting = (key: string) =>
      (Object.hasOwn(lookups, key) ? (lookups[key]?.needs ?? []) : []).some(
        (need) => need !== key && pending.includes(need),
      );
    const index = Math.max(
      0,
      pending.findIndex((key) => !waiting(key)),
    );
    ordered.push(...pending.splice(index, 1));
  }
  return ordered;
}

/** The first line of an error's message, short enough for one line of a terminal. */
function shortReason(error: unknown): string {
  const line = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/**
 * The choices of a parameter with a lookup, or `undefined` (after a one-line note saying why and
 * what happens instead, `instead`) when there are none to offer: the lookup failed or listed
 * nothing. A status line shows while it runs.
 */
async function listedChoices(
  lookup: Lookup,
  form: Record<string, unknown>,
  listChoices: ListChoices,
  instead: string,
): Promise<LookupChoice[] | undefined> {
  context.output.write(`Listing the ${lookup.noun}…`);
  let choices: LookupChoice[];
  try {
    choices = await listChoices(lookup, form);
  } catch (error) {
    context.output.write(CLEAR_LINE);
    note(`Could not list the ${lookup.noun} (${shortReason(error)}): ${instead}.`);
    return undefined;
  }
  context.output.write(CLEAR_LINE);
  if (choices.length === 0) note(`No ${lookup.noun} to choose from: ${instead}.`);
  return choices.length > 0 ? choices : undefined;
}

/**
 * Offers a lookup's choices under "Type another value" (an id the list does not show), and "Leave
 * unset" for an optional parameter. Resolves to the value picked (in a list for a list parameter),
 * `LEAVE_UNSET`, or `TYPE_ANOTHER` for the text prompt.
 */
async function pickChoice(
  message: string,
  property: JsonSchema,
  choices: LookupChoice[],
  required: boolean,
): Promise<{ picked: unknown } | typeof TYPE_ANOTHER | typeof LEAVE_UNSET> {
  const prompts = await import('@inquirer/prompts');
  const shown = choices.map((choice) => ({
    name: choice.detail ? `${choice.label} · ${choice.detail}` : choice.label,
    value: choice.value as string | symbol,
    short: choice.label,
  }));
  const other = {
    name: 'Type another value',
    value: TYPE_ANOTHER as string | symbol,
    short: 'another value',
  };
  const unset = { name: 'Leave unset', value: LEAVE_UNSET as string | symbol, short: 'unset' };
  // The way out sits at the top, where a long list still shows it; Enter takes the first choice.
  const picked = await prompts.select(
    {
      message,
      choices: [...(required ? [] : [unset]), other, new prompts.Separator(), ...shown],
      default: required ? shown[0]?.value : LEAVE_UNSET,
      pageSize: 12,
      loop: false,
    },
    context,
  );
  if (picked === LEAVE_UNSET) return LEAVE_UNSET;
  if (picked === TYPE_ANOTHER) return TYPE_ANOTHER;
  const items = property.items as JsonSchema | undefined;
  return {
    picked: property.type === 'array' ? [coerce(String(picked), items)] : coerce(String(picked), property),
  };
}

/**
 * Asks for each required parameter that is missing, with a prompt fitting its schema: a list to
 * pick from for an enum, yes/no for a boolean, the provider's own choices for a parameter with a
 * lookup (when `listChoices` is given), else text checked as it is entered, so a bad answer is
 * refused there with the reason (not after every question, by the provider). Once it asks at all,
 * it also offers the optional parameters with a lookup (Enter leaves them unset), and it asks a
 * parameter after those its lookup needs. A lookup that fails or lists nothing leaves a one-line
 * note and the text prompt (an optional parameter is then left unset).
 */
export async function promptMissing(
  input: Record<string, unknown>,
  command: Command,
  schema: JsonSchema,
  options: PromptOptions = {},
): Promise<void> {
  const required = (schema.required ?? []) as string[];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const missing = required.filter((key) => input[key] === undefined);
  if (missing.length === 0) return;
  const lookups = command.lookups ?? {};
  const lookupOf = (key: string) => (Object.hasOwn(lookups, key) ? lookups[key] : undefined);
  const { listChoices } = options;
  const optional = listChoices
    ? Object.keys(properties).filter(
        (key) => !required.includes(key) && input[key] === undefined && lookupOf(key) !== undefined,
      )
    : [];
  const prompts = await import('@inquirer/prompts');
  for (const key of promptOrder([...missing, ...optional], lookups)) {
    const property = properties[key] ?? {};
    const isRequired = required.includes(key);
    const message = `${String(property.title ?? key)}${property.description ? ` (${String(property.description)})` : ''}`;
    if (Array.isArray(property.enum)) {
      input[key] = await prompts.select({ message, choices: choicesOf(property) }, context);
      continue;
    }
    if (property.type === 'boolean') {
      input[key] = await prompts.confirm({ message }, context);
      continue;
    }
    const lookup = lookupOf(key);
    if (lookup && listChoices && lookupReady(lookup, input)) {
      const instead = isRequired ? 'type the value' : `${key} is left unset`;
      const choices = await listedChoices(lookup, input, listChoices, instead);
      if (!choices && !isRequired) continue;
      const answer = choices ? await pickChoice(message, property, choices, isRequired) : TYPE_ANOTHER;
      if (answer === LEAVE_UNSET) continue;
      if (answer !== TYPE_ANOTHER) {
        input[key] = answer.picked;
        continue;
      }
    } else if (!isRequired) {
      // An optional parameter is offered only with its choices.
      continue;
    }
    // Empty is an answer only for an optional parameter (after "Type another value"): left unset.
    const text = await prompts.input(
      {
        message,
        required: isRequired,
        validate: (answer) => (answer === '' && !isRequired) || checkAnswer(command, key, answer, property),
      },
      context,
    );
    if (text !== '') input[key] = coerce(text, property, key);
  }
}

/** Asks a yes/no question, `no` unless answered. */
export async function confirm(message: string): Promise<boolean> {
  const prompts = await import('@inquirer/prompts');
  return prompts.confirm({ message, default: false }, context);
}

/** Whether an error is inquirer's for a prompt the person closed (Ctrl-C, Ctrl-D). */
export function isPromptExit(error: unknown): boolean {
  return error instanceof Error && error.name === 'ExitPromptError';
}
