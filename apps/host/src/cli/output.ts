import { toErrorJson } from '@c/core';

/** Prints a result as JSON on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Prints `{"error": …}` on stderr and sets the exit code: 2 for bad input or an unknown command
 * (a `validation` error), 1 for anything else.
 */
export function printError(error: unknown): void {
  const json = toErrorJson(error);
  process.stderr.write(`${JSON.stringify({ error: json })}\n`);
  process.exitCode = json.kind === 'validation' ? 2 : 1;
}

/** Writes a line for a person on stderr (stdout carries only results). */
export function note(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Whether prompts and progress bars may be shown. */
export function interactive(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY) && !process.env.CI;
}
