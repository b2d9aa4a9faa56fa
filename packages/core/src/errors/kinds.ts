// No imports: browser bundles (the host's API types for its web UI) take the list from here without
// pulling in the rest of core, which is Node's.

/**
 * The stable kinds of error, one per class: the one list every surface (CLI exit codes, HTTP
 * statuses, MCP, the web UI's labels) derives from.
 */
export const ERROR_KINDS = [
  'validation',
  'auth',
  'permission',
  'not_found',
  'rate_limit',
  'provider',
  'network',
  'timeout',
  'internal',
  'signature',
] as const;

/** One of `ERROR_KINDS`. */
export type ErrorKind = (typeof ERROR_KINDS)[number];
