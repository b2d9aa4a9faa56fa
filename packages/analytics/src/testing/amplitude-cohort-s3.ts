// A large cohort file is not served by Amplitude itself: `/file` answers 302 to a pre-signed S3 URL
// valid for one minute [doc: behavioral-cohorts.md]. This stands in for that S3 object, with the S3
// answers a client meets there: a second auth mechanism (an Authorization header beside the signed
// query) is a 400 InvalidArgument, an expired link a 403 AccessDenied, a wrong signature a 403
// SignatureDoesNotMatch; all as S3's XML error documents.
import { createHmac, randomBytes } from 'node:crypto';
import { HttpResponse, http, type RequestHandler } from 'msw';

/** Where the simulated bucket serves cohort files. */
export const COHORT_BUCKET_PATH = '/amplitude-cohort-downloads';
/** How long a pre-signed link lives (Amplitude: one minute). */
const LINK_SECONDS = 60;
const signingKey = randomBytes(32);

/** S3's `X-Amz-Date` form: `20261202T041500Z`. */
const amzDate = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const fromAmzDate = (text: string) =>
  Date.parse(text.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
const sign = (key: string, date: string) =>
  createHmac('sha256', signingKey).update(`${key}\n${date}\n${LINK_SECONDS}`).digest('hex');

/** A pre-signed link to a cohort request's file on the simulator's origin, valid one minute from `now` (ms). */
export function presignedCohortLink(origin: string, requestId: string, now: number): string {
  const key = `${requestId}.csv`;
  const date = amzDate(now);
  const query = new URLSearchParams({
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `AKIASIMULATOR/${date.slice(0, 8)}/us-west-2/s3/aws4_request`,
    'X-Amz-Date': date,
    'X-Amz-Expires': String(LINK_SECONDS),
    'X-Amz-SignedHeaders': 'host',
    'X-Amz-Signature': sign(key, date),
  });
  return `${origin}${COHORT_BUCKET_PATH}/${key}?${query}`;
}

const s3Error = (status: number, code: string, message: string) =>
  new HttpResponse(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>SIMULATED</RequestId></Error>`,
    { status, headers: { 'content-type': 'application/xml' } },
  );

/**
 * The bucket's GET: checks the link as S3 would (at the simulator's clock `now`), then answers `file(requestId)` (the CSV), or 404
 * NoSuchKey when the request is unknown.
 */
export function cohortBucketHandler(
  now: () => number,
  file: (requestId: string) => Response | undefined,
): RequestHandler {
  return http.get(`*${COHORT_BUCKET_PATH}/:key`, ({ request, params }) => {
    const url = new URL(request.url);
    const key = String(params.key);
    const date = url.searchParams.get('X-Amz-Date') ?? '';
    if (request.headers.has('authorization')) {
      return s3Error(
        400,
        'InvalidArgument',
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
      );
    }
    if (url.searchParams.get('X-Amz-Signature') !== sign(key, date)) {
      return s3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    }
    if (now() > fromAmzDate(date) + LINK_SECONDS * 1000) {
      return s3Error(403, 'AccessDenied', 'Request has expired');
    }
    return file(key.replace(/\.csv$/, '')) ?? s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
  });
}

/** The contract of a call to the bucket: a plain GET of the link, without a second auth mechanism. */
export function checkCohortBucketCall(call: {
  method: string;
  headers: Record<string, string | undefined>;
}): string | undefined {
  if (call.method !== 'GET') return `a pre-signed S3 link takes GET, not ${call.method}`;
  if (call.headers.authorization) return 'a pre-signed S3 link was sent with an Authorization header';
  return undefined;
}
