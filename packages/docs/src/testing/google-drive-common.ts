import { applyFieldMask, type FieldMask, FieldMaskError, parseFieldMask } from './google-drive-fields.js';
import { driveErrorResponse } from './google-errors.js';
import type { DocsSimulatorState } from './google-state.js';

/** Epoch milliseconds as Drive writes times. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** A JSON answer with Drive's content type. */
export function ok(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'content-type': 'application/json; charset=UTF-8' } });
}

/** Drive's 404 for a file the caller cannot see or that does not exist. */
export function notFound(id: string): Response {
  return driveErrorResponse(404, 'notFound', `File not found: ${id}.`, {
    location: 'fileId',
    locationType: 'parameter',
  });
}

/** Drive's 400 naming a parameter. */
export function invalid(location: string, message = 'Invalid Value', reason = 'invalid'): Response {
  return driveErrorResponse(400, reason, message, { location, locationType: 'parameter' });
}

/** Drive's 403 for a change the caller's role does not allow. */
export function insufficientPermissions(): Response {
  return driveErrorResponse(
    403,
    'insufficientFilePermissions',
    'The user does not have sufficient permissions for this file.',
  );
}

/** True for a boolean query parameter set to true. */
export function truthy(value: string | null): boolean {
  return value === 'true';
}

/** A Drive `User` resource, as the caller sees it. */
export function userResource(state: DocsSimulatorState, email: string, me: string) {
  const user = state.users.get(email);
  return {
    kind: 'drive#user',
    displayName: user?.displayName ?? email,
    photoLink: 'https://lh3.googleusercontent.com/a/default-user=s64',
    me: email === me,
    permissionId: user?.permissionId ?? '',
    emailAddress: email,
  };
}

/** Answers with the fields the `fields` parameter selects, or Drive's defaults without one. */
export function masked(body: Record<string, unknown>, fields: string | null, fallback: string): Response {
  let mask: FieldMask;
  try {
    mask = parseFieldMask(fields ?? fallback);
  } catch (error) {
    if (error instanceof FieldMaskError) return invalid('fields', error.message, 'invalidParameter');
    throw error;
  }
  return ok(applyFieldMask(body, mask));
}

/** A JSON object body (an empty body is `{}`), or Drive's parse error. */
export function parseJsonObject(text: string): Record<string, unknown> | Response {
  if (!text) return {};
  try {
    const body = JSON.parse(text);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body;
  } catch {
    // Falls through to Drive's parse error.
  }
  return driveErrorResponse(400, 'parseError', 'Parse Error');
}

/** Reads a request's JSON object body. */
export async function readJson(request: Request): Promise<Record<string, unknown> | Response> {
  return parseJsonObject(await request.text());
}
