/** The ESF error body of Google's newer APIs (Docs): code, message, status, optional details. */
export function docsErrorResponse(
  code: number,
  status: string,
  message: string,
  details?: Record<string, unknown>[],
  headers: Record<string, string> = {},
): Response {
  return Response.json(
    { error: { code, message, status, ...(details ? { details } : {}) } },
    { status: code, headers: { 'content-type': 'application/json; charset=UTF-8', ...headers } },
  );
}

/** Drive v3's error body: code, message and `errors[]` with a reason (and where it applies). */
export function driveErrorResponse(
  code: number,
  reason: string,
  message: string,
  where: { location?: string; locationType?: string } = {},
  extra: { status?: string; details?: Record<string, unknown>[]; headers?: Record<string, string> } = {},
): Response {
  return Response.json(
    {
      error: {
        code,
        message,
        errors: [
          {
            message,
            domain: /RateLimit|LimitExceeded/.test(reason) ? 'usageLimits' : 'global',
            reason,
            ...where,
          },
        ],
        ...(extra.status ? { status: extra.status } : {}),
        ...(extra.details ? { details: extra.details } : {}),
      },
    },
    { status: code, headers: { 'content-type': 'application/json; charset=UTF-8', ...extra.headers } },
  );
}

/** Google's `ErrorInfo` detail. */
export function errorInfo(reason: string, service: string, metadata: Record<string, string> = {}) {
  return {
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason,
    domain: 'googleapis.com',
    metadata: { service, ...metadata },
  };
}

/** Google's `BadRequest` detail naming the offending field. */
export function badRequest(field: string, description: string) {
  return {
    '@type': 'type.googleapis.com/google.rpc.BadRequest',
    fieldViolations: [{ field, description }],
  };
}

/** The HTML page Google's front end serves for a path no API has. */
export function notFoundPage(path: string): Response {
  const html = `<!DOCTYPE html>\n<html lang=en>\n  <meta charset=utf-8>\n  <title>Error 404 (Not Found)!!1</title>\n  <p><b>404.</b> <ins>That’s an error.</ins>\n  <p>The requested URL <code>${path.replace(/[<>&"]/g, '')}</code> was not found on this server.  <ins>That’s all we know.</ins>\n`;
  return new Response(html, { status: 404, headers: { 'content-type': 'text/html; charset=UTF-8' } });
}
