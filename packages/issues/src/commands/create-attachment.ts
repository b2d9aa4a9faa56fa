import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { ATTACHMENT_FIELDS } from '../issues-fragments.js';
import { issueLookup } from '../issues-lookups.js';
import { textParam, uuidParam } from '../issues-params.js';
import { attachmentSchema, type LinearAttachment } from '../schemas/links.js';

/** `attachmentCreate`, returning the attachment. */
export const CREATE_ATTACHMENT_MUTATION = defineOperation(
  `
mutation CreateAttachment($input: AttachmentCreateInput!) {
  attachmentCreate(input: $input) {
    success
    attachment { ...AttachmentFields }
  }
}`,
  ATTACHMENT_FIELDS,
);

/** Links an issue to a URL: `attachmentCreate(input)`; the same URL on the same issue updates it. */
export const createAttachment = defineCommand({
  key: 'createAttachment',
  title: 'Create Attachment',
  description:
    'Attaches a link (a pull request, a ticket, a document) to a Linear issue and returns the attachment. Linear keeps one attachment per URL and issue: the same URL again updates its title, subtitle and metadata.',
  input: (z) =>
    z.object({
      issueId: uuidParam(z, 'Issue Id', 'The issue to attach the link to (its UUID).'),
      url: z
        .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
        .meta({ title: 'URL', description: 'What the attachment links to; its key on the issue.' }),
      title: textParam(z, 'Title', 'The attachment’s title.'),
      subtitle: z.string().optional().meta({ title: 'Subtitle', description: 'A second line.' }),
      metadata: z.record(z.string(), z.unknown()).optional().meta({
        title: 'Metadata',
        description: 'Data to keep with the attachment, as a JSON object.',
      }),
    }),
  output: (z) => attachmentSchema(z),
  lookups: { issueId: issueLookup },
  // The URL is the attachment's key on the issue, so a repeat updates the same attachment.
  annotations: { readOnly: false, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearAttachment> {
    const data = await ctx.linear.run<{ attachmentCreate: { attachment: LinearAttachment } }>(
      CREATE_ATTACHMENT_MUTATION,
      {
        input: {
          issueId: input.issueId,
          url: input.url,
          title: input.title,
          subtitle: input.subtitle,
          metadata: input.metadata,
        },
      },
      { signal },
    );
    return data.attachmentCreate.attachment;
  },
});
