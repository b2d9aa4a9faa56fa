import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ValidationError } from '@c/core';

/**
 * Checks `--output` before anything is sent: its folder exists and can be written to, and the path
 * is not a folder. A missing folder is refused rather than made, as `curl -o` and `tar -f` do: a
 * typo in a path should not scatter folders, and a run whose result cannot be kept should not reach
 * the provider at all (an export is slow, a write is not undone).
 */
export function checkOutputFile(file: string): void {
  const path = resolve(file);
  const folder = dirname(path);
  const refuse = (why: string) =>
    new ValidationError(`Invalid parameter "output": ${why}. Nothing was sent.`, { parameter: 'output' });
  let folderStat: ReturnType<typeof statSync>;
  try {
    folderStat = statSync(folder);
  } catch {
    throw refuse(`the folder ${folder} does not exist (create it first: mkdir -p ${JSON.stringify(folder)})`);
  }
  if (!folderStat.isDirectory()) throw refuse(`${folder} is not a folder`);
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw refuse(`the folder ${folder} cannot be written to`);
  }
  let fileStat: ReturnType<typeof statSync> | undefined;
  try {
    fileStat = statSync(path);
  } catch {
    return;
  }
  if (fileStat.isDirectory()) throw refuse(`${path} is a folder; give a file name`);
}
