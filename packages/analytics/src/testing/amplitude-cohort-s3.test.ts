import { createTestServer, type TestServer } from '@c/core/testing';
import { HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cohortBucketHandler, presignedCohortLink } from './amplitude-cohort-s3.js';

let clock = Date.UTC(2026, 0, 20, 12);
let bucket: TestServer;
beforeAll(async () => {
  bucket = await createTestServer([
    cohortBucketHandler(
      () => clock,
      (requestId) => (requestId === 'req1' ? HttpResponse.text('amplitude_id,user_id\n1,u1\n') : undefined),
    ),
  ]);
});
afterAll(() => bucket.close());

const codeOf = async (response: Response) => /<Code>(\w+)<\/Code>/.exec(await response.text())?.[1];

describe('the pre-signed S3 link of a large cohort file', () => {
  it('serves the file to a plain GET of the link within its minute', async () => {
    const link = presignedCohortLink(bucket.url, 'req1', clock);
    clock += 59_000;
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('amplitude_id,user_id\n1,u1\n');
  });

  it('answers as S3 does: a second auth mechanism, an expired link, a changed signature, an unknown key', async () => {
    const now = clock;
    const link = presignedCohortLink(bucket.url, 'req1', now);
    const withAuth = await fetch(link, { headers: { authorization: 'Basic a2V5OnNlY3JldA==' } });
    expect([withAuth.status, await codeOf(withAuth)]).toEqual([400, 'InvalidArgument']);
    expect(withAuth.headers.get('content-type')).toBe('application/xml');
    const tampered = await fetch(link.replace(/X-Amz-Signature=[0-9a-f]/, 'X-Amz-Signature=g'));
    expect([tampered.status, await codeOf(tampered)]).toEqual([403, 'SignatureDoesNotMatch']);
    const unknown = await fetch(presignedCohortLink(bucket.url, 'req9', now));
    expect([unknown.status, await codeOf(unknown)]).toEqual([404, 'NoSuchKey']);
    clock = now + 61_000;
    const expired = await fetch(link);
    expect([expired.status, await codeOf(expired)]).toEqual([403, 'AccessDenied']);
  });
});
