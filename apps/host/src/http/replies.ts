import { RateLimitError, ValidationError } from '@c/core';
import type { FastifyReply } from 'fastify';
import { errorResponse } from './errors.js';

/**
 * Sends the `{ error }` JSON of any thrown value, with `Retry-After` when it carries a wait. `status`
 * overrides the status of its kind, for the local faults whose HTTP status says more than
 * `validation` does (413, 414, 415).
 */
export function sendError(reply: FastifyReply, error: unknown, status?: number): FastifyReply {
  const response = errorResponse(error);
  const { retryAfterMs } = response.body.error;
  if (retryAfterMs !== undefined) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  }
  return reply.code(status ?? response.status).send(response.body);
}

/**
 * A 401 for the host's own access check. Not core's `AuthError`, whose JSON says the provider
 * connection needs Reconnect: here the caller only lacks the host token.
 */
export function sendUnauthorized(reply: FastifyReply, message: string): FastifyReply {
  reply.header('www-authenticate', 'Bearer realm="c-host"');
  return reply.code(401).send({ error: { name: 'AuthError', kind: 'auth', message, retryable: false } });
}

/** The error of a client refused for too many wrong tokens. */
export function tooManyAttempts(retryAfterMs: number): RateLimitError {
  return new RateLimitError(
    `Too many wrong access tokens or sign-in links from this address: try again in ${Math.ceil(retryAfterMs / 1000)} s`,
    { retryAfterMs },
  );
}

/** A Fastify validation failure as the core `ValidationError`, naming the parameter. */
export function fromFastifyValidation(error: {
  validation?: { instancePath?: string; params?: Record<string, unknown>; message?: string }[];
  validationContext?: string;
  message: string;
}): ValidationError {
  const first = error.validation?.[0];
  const path = (first?.instancePath ?? '').split('/').filter(Boolean);
  const missing = first?.params?.missingProperty ?? first?.params?.additionalProperty;
  if (typeof missing === 'string') path.push(missing);
  const parameter = path.join('.') || undefined;
  const reason =
    first?.params?.additionalProperty !== undefined
      ? 'is not a known field'
      : (first?.message ?? 'is invalid');
  return new ValidationError(
    parameter
      ? `Invalid parameter "${parameter}": ${reason}`
      : `Invalid ${error.validationContext ?? 'request'}: ${reason}`,
    { parameter },
  );
}
