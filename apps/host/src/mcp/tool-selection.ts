import { ValidationError } from '@c/core';
import {
  BYTES_PER_TOKEN,
  MAX_RESULT_BYTES_CEILING,
  MAX_RESULT_TOKENS_CEILING,
  MAX_RESULT_TOKENS_ENV,
  MIN_RESULT_BYTES,
  MIN_RESULT_TOKENS,
} from '../run/bounded-result.js';
import type { McpOptions } from './mcp-host.js';
import { parseToolsets } from './mcp-toolsets.js';

// How a server is configured: the flags of `c-host mcp`, the query of `/mcp` and the environment,
// read into `McpOptions` with each problem named.

/** The environment variable that lets destructive tools run unasked (as `--allow-destructive`). */
export const ALLOW_DESTRUCTIVE_ENV = 'C_HOST_MCP_ALLOW_DESTRUCTIVE';

/**
 * Reads the selection as a flag or a query parameter gives it (`"1"`, `"a,b"`, `"65536"`), the token
 * bound also from the environment, each problem a `ValidationError` naming the parameter.
 */
export function parseToolSelection(
  raw: {
    readOnly?: boolean | string | undefined;
    tools?: string | string[] | undefined;
    toolsets?: string | string[] | undefined;
    maxResultBytes?: number | string | undefined;
    maxResultTokens?: number | string | undefined;
    allowDestructive?: boolean | string | undefined;
  },
  env: NodeJS.ProcessEnv = process.env,
): McpOptions {
  const toolsets = parseToolsets(raw.toolsets);
  const readOnly =
    raw.readOnly === undefined || typeof raw.readOnly === 'boolean'
      ? raw.readOnly
      : ['1', 'true', 'yes', ''].includes(raw.readOnly.toLowerCase());
  const tools =
    raw.tools === undefined
      ? undefined
      : (Array.isArray(raw.tools) ? raw.tools : [raw.tools])
          .flatMap((entry) => entry.split(','))
          .map((entry) => entry.trim())
          .filter(Boolean);
  if (tools?.length === 0) {
    throw new ValidationError(
      'Invalid parameter "tools": give command ids or globs, comma-separated (<connector>.*,<connector>.<command>; `c-host list` shows the ids)',
      { parameter: 'tools' },
    );
  }
  const maxResultBytes = wholeNumber(raw.maxResultBytes, 'maxResultBytes', {
    min: MIN_RESULT_BYTES,
    max: MAX_RESULT_BYTES_CEILING,
    unit: 'bytes',
    why: 'a result travels twice in a message, and MCP clients refuse messages over 10 MiB',
  });
  const fromEnv = raw.maxResultTokens === undefined ? env[MAX_RESULT_TOKENS_ENV] : undefined;
  const maxResultTokens = wholeNumber(
    raw.maxResultTokens ?? (fromEnv || undefined),
    fromEnv ? MAX_RESULT_TOKENS_ENV : 'maxResultTokens',
    {
      min: MIN_RESULT_TOKENS,
      max: MAX_RESULT_TOKENS_CEILING,
      unit: 'tokens',
      why: `estimated as ${BYTES_PER_TOKEN} bytes of JSON a token`,
    },
  );
  const allowDestructive =
    raw.allowDestructive === undefined
      ? yesOrNo(env[ALLOW_DESTRUCTIVE_ENV] || undefined, ALLOW_DESTRUCTIVE_ENV)
      : yesOrNo(raw.allowDestructive, 'allowDestructive');
  return { readOnly, tools, toolsets, maxResultBytes, maxResultTokens, allowDestructive };
}

/**
 * A switch as a flag (boolean), a query parameter or an environment variable gives it. Anything but
 * 1/true/yes or 0/false/no is refused: a typo must not quietly leave tools unguarded, nor guarded.
 */
function yesOrNo(raw: boolean | string | undefined, parameter: string): boolean | undefined {
  if (raw === undefined || typeof raw === 'boolean') return raw;
  const word = raw.trim().toLowerCase();
  if (['', '1', 'true', 'yes'].includes(word)) return true;
  if (['0', 'false', 'no'].includes(word)) return false;
  throw new ValidationError(`Invalid parameter "${parameter}": expected 1, true or yes (or 0, false, no)`, {
    parameter,
  });
}

/** A bound given as a flag, a query parameter or an environment variable, checked. */
function wholeNumber(
  raw: number | string | undefined,
  parameter: string,
  bounds: { min: number; max: number; unit: string; why: string },
): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw new ValidationError(
      `Invalid parameter "${parameter}": expected a whole number of ${bounds.unit} from ${bounds.min} to ${bounds.max} (${bounds.why})`,
      { parameter },
    );
  }
  return value;
}
