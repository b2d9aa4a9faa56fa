import type { ConnectorInfo, ErrorJson } from '../types';

/** The nested part of a host validation error that belongs to one sub-form (`credentials.apiKey` → `apiKey`). */
export function scoped(error: ErrorJson, prefix: string): ErrorJson | undefined {
  if (!error.parameter?.startsWith(`${prefix}.`)) return undefined;
  const issues = (error.details?.issues as { parameter: string; message: string }[] | undefined)
    ?.filter((issue) => issue.parameter.startsWith(`${prefix}.`))
    .map((issue) => ({ ...issue, parameter: issue.parameter.slice(prefix.length + 1) }));
  const message = error.message.replace(
    `"${error.parameter}"`,
    `"${error.parameter.slice(prefix.length + 1)}"`,
  );
  return {
    ...error,
    message,
    parameter: error.parameter.slice(prefix.length + 1),
    details: { issues: issues ?? [] },
  };
}

/**
 * A provider's refusal of credentials being added: a new key that was refused is not an account to
 * "reconnect". Says which credentials, keeps the provider's own words, status and request id.
 */
export function refusedOnAdd(error: ErrorJson, connector: ConnectorInfo, fields: string[]): ErrorJson {
  if (error.kind !== 'auth') return error;
  const what = fields.length === 1 ? `this ${fields[0]}` : 'these credentials';
  return {
    ...error,
    message: `${connector.title} refused ${what}. Check ${fields.length === 1 ? 'it' : 'them'} and save again.`,
    needsReconnect: false,
  };
}

/**
 * What is wrong with a connection name, or `undefined`: empty, not a name the CLI and MCP can use, or
 * taken (unless it is the connection being replaced).
 */
export function nameProblem(
  name: string,
  { taken, replacing, suggestion }: { taken: string[]; replacing: boolean; suggestion: string },
): string | undefined {
  if (name.trim() === '') return `Give the connection a name, e.g. ${suggestion}.`;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(name))
    return 'Use letters, digits, dot, dash or underscore (up to 63), starting with a letter or digit.';
  if (!replacing && taken.includes(name)) return `A connection named "${name}" already exists.`;
  return undefined;
}
