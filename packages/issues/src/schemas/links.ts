import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import {
  dateTimeField,
  idField,
  pageInfoSchema,
  pageView,
  recordView,
  userRefSchema,
} from '../issues-schemas.js';

// What issues link to: attachments (external resources) and relations to other issues.

const issueRef = (z: Zod) => z.looseObject({ id: idField(z, 'issue'), identifier: z.string() });

/** An attachment, with the fields of the `AttachmentFields` fragment (no view: a row). */
export const attachmentRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'attachment'),
    url: z.string().describe('What it links to; one attachment per URL and issue.'),
    title: z.string(),
    subtitle: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).describe('Data the integration keeps with it.'),
    createdAt: dateTimeField(z, 'When it was attached'),
    updatedAt: dateTimeField(z, 'When it last changed'),
    issue: issueRef(z).describe('The issue it is on.'),
    creator: userRefSchema(z).nullable().describe('Who attached it.'),
  });

/** An attachment, as a record. */
export const attachmentSchema = (z: Zod) => attachmentRowSchema(z).meta(recordView());

/** One page of an issue's attachments. */
export const attachmentPageSchema = (z: Zod) =>
  z
    .object({
      nodes: z.array(attachmentRowSchema(z)).describe('The attachments, oldest first.'),
      pageInfo: pageInfoSchema(z),
    })
    .meta(pageView());

const relatedIssue = (z: Zod) => issueRef(z).extend({ title: z.string() });

/** A relation, with the fields of the `IssueRelationFields` fragment (no view: a row). */
export const issueRelationRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'relation'),
    type: z
      .string()
      .describe('blocks, duplicate, related or similar: issue blocks (duplicates, …) relatedIssue.'),
    createdAt: dateTimeField(z, 'When it was made'),
    issue: relatedIssue(z).describe('The issue the relation is read from.'),
    relatedIssue: relatedIssue(z).describe('The other issue.'),
  });

/** A relation, as a record. */
export const issueRelationSchema = (z: Zod) => issueRelationRowSchema(z).meta(recordView());

/** An issue's relations both ways, as one table with the direction of each. */
export const issueRelationListSchema = (z: Zod) =>
  z
    .object({
      nodes: z
        .array(
          issueRelationRowSchema(z).extend({
            direction: z
              .enum(['outward', 'inward'])
              .describe(
                'outward: the issue asked about is `issue` (it blocks …); inward: it is `relatedIssue` (it is blocked by …).',
              ),
          }),
        )
        .describe('Its relations (outward first), up to 100 each way.'),
    })
    .meta(resultView({ view: 'table', list: 'nodes' }));

/** An attachment. */
export type LinearAttachment = z.output<ReturnType<typeof attachmentSchema>>;
/** One page of attachments. */
export type LinearAttachmentPage = z.output<ReturnType<typeof attachmentPageSchema>>;
/** A relation between two issues. */
export type LinearIssueRelation = z.output<ReturnType<typeof issueRelationSchema>>;
/** An issue's relations both ways. */
export type LinearIssueRelationList = z.output<ReturnType<typeof issueRelationListSchema>>;
