import type { ErrorResponse } from '@c/core';
import { describe, expect, it } from 'vitest';
import { parseGoogleError } from './docs-client.js';

const response = (status: number, body: unknown, headers: Record<string, string> = {}): ErrorResponse => ({
  status,
  headers,
  body,
  requestId: undefined,
  request: { method: 'GET', path: '/v1/documents/x' },
});

describe('parseGoogleError', () => {
  it('maps by status and reason, never by message', () => {
    const cases: [ErrorResponse, string, string | undefined, boolean][] = [
      [
        response(400, {
          error: { code: 400, message: 'Invalid requests[0].insertText: x', status: 'INVALID_ARGUMENT' },
        }),
        'provider',
        'INVALID_ARGUMENT',
        false,
      ],
      [
        response(401, { error: { code: 401, message: 'whatever the text', status: 'UNAUTHENTICATED' } }),
        'auth',
        'UNAUTHENTICATED',
        false,
      ],
      [
        response(403, {
          error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' },
        }),
        'permission',
        'PERMISSION_DENIED',
        false,
      ],
      [
        response(403, {
          error: {
            code: 403,
            message: 'Rate Limit Exceeded',
            errors: [{ domain: 'usageLimits', reason: 'rateLimitExceeded' }],
          },
        }),
        'rate_limit',
        'rateLimitExceeded',
        true,
      ],
      [
        response(404, {
          error: {
            code: 404,
            message: 'File not found: x.',
            errors: [{ reason: 'notFound', location: 'fileId' }],
          },
        }),
        'not_found',
        'notFound',
        false,
      ],
      [
        response(
          429,
          { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } },
          { 'retry-after': '7' },
        ),
        'rate_limit',
        'RESOURCE_EXHAUSTED',
        true,
      ],
      [
        response(500, { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } }),
        'provider',
        'INTERNAL',
        true,
      ],
      [
        response(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }),
        'provider',
        'invalid_grant',
        false,
      ],
    ];
    for (const [input, kind, code, retryable] of cases) {
      const error = parseGoogleError(input)!;
      expect(
        [error.kind, error.providerCode, error.retryable, error.status],
        JSON.stringify(input.body),
      ).toEqual([kind, code, retryable, input.status]);
    }
    expect((parseGoogleError(cases[5]![0]) as { retryAfterMs?: number }).retryAfterMs).toBe(7000);
  });

  it('says which access is missing only when the call was about one document', () => {
    const denied = {
      error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' },
    };
    expect(parseGoogleError(response(403, denied))!.message).toContain(
      'needs view or edit access to that document',
    );
    const listing = { ...response(403, denied), request: { method: 'GET', path: '/drive/v3/files' } };
    expect(parseGoogleError(listing)!.message).toBe(
      'Google refused the call (403 PERMISSION_DENIED: The caller does not have permission)',
    );
  });

  it('keeps Google’s message as the provider message', () => {
    const error = parseGoogleError(
      response(400, {
        error: { code: 400, message: 'The range should not be empty.', status: 'INVALID_ARGUMENT' },
      }),
    )!;
    expect(error.providerMessage).toBe('The range should not be empty.');
    expect(error.message).toBe('Google answered 400: The range should not be empty.');
  });

  it('leaves bodies that are not Google’s to the status-based default', () => {
    expect(parseGoogleError(response(502, 'an HTML error page'))).toBeUndefined();
    expect(parseGoogleError(response(500, { unexpected: true }))).toBeUndefined();
  });
});
