import type { DocsContext } from '../docs-client.js';
import type { DocsRequest } from '../docs-requests.js';
import type { DocsBatchUpdateResult } from '../docs-schemas.js';

/** What `sendBatch` answers: Docs' whole answer, its replies, and the revision after the edits. */
export interface SentBatch {
  data: DocsBatchUpdateResult;
  replies: Record<string, any>[];
  revisionId: string | undefined;
}

/**
 * Sends one batchUpdate. With `requiredRevisionId` (the revision the caller read), Docs applies the
 * edits only if the document has not changed since, and refuses them otherwise. No idempotency key
 * exists for it: core sends it once and never repeats it after a failure whose outcome is unknown.
 */
export async function sendBatch(
  ctx: DocsContext,
  documentId: string,
  requests: DocsRequest[],
  signal: AbortSignal | undefined,
  options: { requiredRevisionId?: string | undefined } = {},
): Promise<SentBatch> {
  const { requiredRevisionId } = options;
  const { data } = await ctx.http.request<DocsBatchUpdateResult>({
    method: 'POST',
    api: 'docs',
    path: `/v1/documents/${documentId}:batchUpdate`,
    json: { requests, ...(requiredRevisionId ? { writeControl: { requiredRevisionId } } : {}) },
    responseType: 'json',
    signal,
  });
  const revisionId = (data.writeControl as { requiredRevisionId?: string } | undefined)?.requiredRevisionId;
  return { data, replies: (data.replies ?? []) as Record<string, any>[], revisionId };
}
