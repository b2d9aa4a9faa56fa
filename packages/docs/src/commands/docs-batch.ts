import type { DocsContext } from '../docs-client.js';
import type { DocsRequest } from '../docs-requests.js';
import type { DocsBatchUpdateResult } from '../docs-schemas.js';

/**
 * Sends one batchUpdate. No idempotency key exists for it: core sends it once and never repeats it
 * after a failure whose outcome is unknown.
 */
export async function sendBatch(
  ctx: DocsContext,
  documentId: string,
  requests: DocsRequest[],
  signal: AbortSignal | undefined,
): Promise<{ replies: Record<string, any>[]; revisionId: string | undefined }> {
  const { data } = await ctx.http.request<DocsBatchUpdateResult>({
    method: 'POST',
    api: 'docs',
    path: `/v1/documents/${documentId}:batchUpdate`,
    json: { requests },
    responseType: 'json',
    signal,
  });
  const revisionId = (data.writeControl as { requiredRevisionId?: string } | undefined)?.requiredRevisionId;
  return { replies: (data.replies ?? []) as Record<string, any>[], revisionId };
}
