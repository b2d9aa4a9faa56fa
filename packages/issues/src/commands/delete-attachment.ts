import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { attachmentLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { deleteResultSchema, type LinearDeleteResult } from '../issues-schemas.js';

/** `attachmentDelete(id)`. */
export const DELETE_ATTACHMENT_MUTATION = defineOperation(`
mutation DeleteAttachment($id: String!) {
  attachmentDelete(id: $id) {
    success
    entityId
  }
}`);

/** Removes an attachment from its issue: `attachmentDelete(id)`. */
export const deleteAttachment = defineCommand({
  key: 'deleteAttachment',
  title: 'Delete Attachment',
  description: 'Removes an attachment (a link) from its Linear issue and returns {success, id}.',
  input: (z) =>
    z.object({ attachmentId: uuidParam(z, 'Attachment Id', 'The attachment to delete (its UUID).') }),
  output: (z) => deleteResultSchema(z),
  lookups: { attachmentId: attachmentLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearDeleteResult> {
    const data = await ctx.linear.run<{ attachmentDelete: { success: boolean; entityId: string } }>(
      DELETE_ATTACHMENT_MUTATION,
      { id: input.attachmentId },
      { signal, notFound: { field: 'attachmentDelete', what: `attachment ${input.attachmentId}` } },
    );
    return {
      success: data.attachmentDelete.success,
      id: data.attachmentDelete.entityId ?? input.attachmentId,
    };
  },
});
