/** A Drive query string literal: backslashes and single quotes escaped. */
export function quoteDriveQuery(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
