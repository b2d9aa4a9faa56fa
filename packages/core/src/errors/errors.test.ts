import { describe, expect, it } from 'vitest';
import { AuthError } from './auth-error.js';
import { ConnectorError, ERROR_KINDS } from './connector-error.js';
import { errorFromStatus } from './from-status.js';
import { InternalError } from './internal-error.js';
import { NetworkError } from './network-error.js';
import { NotFoundError } from './not-found-error.js';
import { PermissionError } from './permission-error.js';
import { ProviderError } from './provider-error.js';
import { RateLimitError } from './rate-limit-error.js';
import { TimeoutError } from './timeout-error.js';
import { toErrorJson } from './to-error-json.js';
import { ValidationError } from './validation-error.js';

describe('error taxonomy', () => {
  const cases = [
    [new ValidationError('x', { parameter: 'a.b' }), 'ValidationError', 'validation', false],
    [new AuthError('x'), 'AuthError', 'auth', false],
    [new PermissionError('x'), 'PermissionError', 'permission', false],
    [new NotFoundError('x'), 'NotFoundError', 'not_found', false],
    [new RateLimitError('x', { retryAfterMs: 10 }), 'RateLimitError', 'rate_limit', true],
    [new ProviderError('x', { status: 503 }), 'ProviderError', 'provider', true],
    [new ProviderError('x', { status: 400 }), 'ProviderError', 'provider', false],
    [new NetworkError('x'), 'NetworkError', 'network', true],
    [new NetworkError('x', { outcomeUnknown: true }), 'NetworkError', 'network', false],
    [new TimeoutError('x'), 'TimeoutError', 'timeout', true],
  ] as const;

  it.each(cases)('%s has its name, kind and retryable flag', (error, name, kind, retryable) => {
    expect(error.name).toBe(name);
    expect(error.kind).toBe(kind);
    expect(error.retryable).toBe(retryable);
    expect(ConnectorError.isInstance(error)).toBe(true);
    expect(error.toJSON()).toMatchObject({ name, kind, message: 'x', retryable });
  });

  it('isInstance tells classes apart and survives a second installed copy (marker, not prototype)', () => {
    const auth = new AuthError('x');
    expect(AuthError.isInstance(auth)).toBe(true);
    expect(PermissionError.isInstance(auth)).toBe(false);
    const foreign = Object.create(null) as Record<symbol, unknown>;
    foreign[Symbol.for('@c/core.error')] = true;
    foreign[Symbol.for('@c/core.error.auth')] = true;
    expect(AuthError.isInstance(foreign)).toBe(true);
    expect(AuthError.isInstance(new Error('x'))).toBe(false);
  });

  it('carries the extra fields in JSON', () => {
    expect(new ValidationError('bad', { parameter: 'events.2.event_type' }).toJSON().parameter).toBe(
      'events.2.event_type',
    );
    expect(new RateLimitError('slow', { retryAfterMs: 1500 }).toJSON().retryAfterMs).toBe(1500);
    expect(new AuthError('again').toJSON().needsReconnect).toBe(true);
    expect(new NetworkError('lost', { outcomeUnknown: true }).toJSON().outcomeUnknown).toBe(true);
  });

  it('maps statuses onto classes', () => {
    expect(errorFromStatus({ status: 401 })).toBeInstanceOf(AuthError);
    expect(errorFromStatus({ status: 403 })).toBeInstanceOf(PermissionError);
    expect(errorFromStatus({ status: 404 })).toBeInstanceOf(NotFoundError);
    const limited = errorFromStatus({ status: 429, retryAfterMs: 2000 });
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).retryAfterMs).toBe(2000);
    const server = errorFromStatus({ status: 502, providerMessage: 'bad gateway', requestId: 'req_1' });
    expect(server).toBeInstanceOf(ProviderError);
    expect(server.toJSON()).toMatchObject({
      status: 502,
      providerMessage: 'bad gateway',
      requestId: 'req_1',
      retryable: true,
    });
  });

  it('turns any thrown value into error JSON: a fault of ours is internal, never the provider’s', () => {
    expect(toErrorJson(new NotFoundError('gone')).kind).toBe('not_found');
    expect(toErrorJson(new TypeError('boom'))).toEqual({
      name: 'InternalError',
      kind: 'internal',
      message: 'boom',
      retryable: false,
    });
    expect(toErrorJson('text')).toMatchObject({ kind: 'internal', message: 'text' });
  });

  it('lists every kind once, and every class has one of them', () => {
    expect(new Set(ERROR_KINDS).size).toBe(ERROR_KINDS.length);
    expect(ERROR_KINDS).toContain(new InternalError('x').kind);
    expect(InternalError.isInstance(new InternalError('x'))).toBe(true);
    expect(InternalError.isInstance(new ProviderError('x'))).toBe(false);
  });
});
