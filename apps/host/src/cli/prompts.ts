import { type Command, choiceLabels, type JsonSchema, parseWith } from '@c/core';
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
 * Asks for each required parameter that is missing, with a prompt fitting its schema: a list to
 * pick from for an enum, yes/no for a boolean, else text checked as it is entered, so a bad answer
 * is refused there with the reason (not after every question, by the provider).
 */
export async function promptMissing(
  input: Record<string, unknown>,
  command: Command,
  schema: JsonSchema,
): Promise<void> {
  const required = (schema.required ?? []) as string[];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const missing = required.filter((key) => input[key] === undefined);
  if (missing.length === 0) return;
  const prompts = await import('@inquirer/prompts');
  for (const key of missing) {
    const property = properties[key] ?? {};
    const message = `${String(property.title ?? key)}${property.description ? ` (${String(property.description)})` : ''}`;
    if (Array.isArray(property.enum)) {
      input[key] = await prompts.select({ message, choices: choicesOf(property) }, context);
    } else if (property.type === 'boolean') {
      input[key] = await prompts.confirm({ message }, context);
    } else {
      const text = await prompts.input(
        { message, required: true, validate: (answer) => checkAnswer(command, key, answer, property) },
        context,
      );
      input[key] = coerce(text, property, key);
    }
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
