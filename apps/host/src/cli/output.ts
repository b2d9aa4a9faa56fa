import { toErrorJson } from '@c/core';

/** The flag every command takes to get JSON on a terminal too. */
export interface OutputFlags {
  json?: boolean;
}

/** Prints a result as JSON on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Whether stdout is read by a person: a terminal, and `--json` not given. Then lists are tables;
 * otherwise (a pipe, a file, a script, `--json`) everything is JSON, as scripts expect.
 */
export function forPerson(flags: OutputFlags = {}): boolean {
  return !flags.json && Boolean(process.stdout.isTTY);
}

/** Whether a terminal stream takes ANSI styles (not with `NO_COLOR` or a dumb terminal). */
export function colourful(stream: { isTTY?: boolean | undefined }): boolean {
  return Boolean(stream.isTTY) && process.env.NO_COLOR === undefined && process.env.TERM !== 'dumb';
}

/** The terminal's width, for tables (100 when it does not say). */
export function terminalWidth(): number {
  return process.stdout.columns || 100;
}

/** Whether `--json` is on the command line, for failures that come before the flags are parsed. */
function jsonRequested(): boolean {
  return process.argv.includes('--json');
}

/**
 * Prints a failure and sets the exit code: 2 for bad input or an unknown command (a `validation`
 * error), 1 for anything else. On a terminal it is a sentence naming the parameter, with what to do
 * next; otherwise (and with `--json`) one line `{"error": …}` on stderr, as scripts parse it.
 */
export async function printError(error: unknown, flags: OutputFlags = {}): Promise<void> {
  const json = toErrorJson(error);
  process.exitCode = json.kind === 'validation' ? 2 : 1;
  if (!flags.json && !jsonRequested() && process.stderr.isTTY) {
    const { errorSentence } = await import('./terminal.js');
    process.stderr.write(errorSentence(json, colourful(process.stderr)));
    return;
  }
  process.stderr.write(`${JSON.stringify({ error: json })}\n`);
}

/** Writes a line for a person on stderr (stdout carries only results). */
export function note(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Whether prompts and progress bars may be shown. */
export function interactive(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY) && !process.env.CI;
}
