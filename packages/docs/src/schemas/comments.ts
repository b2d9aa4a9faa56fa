import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';

// Output schemas of the comment commands (Drive comments and replies), one builder each.

const authorSchema = (z: Zod) =>
  z
    .looseObject({
      displayName: z.string().optional().meta({ title: 'Name', description: 'The author’s name.' }),
    })
    .optional()
    .meta({ title: 'Author', description: 'Who wrote it (Drive gives no email address here).' });

/** A reply to a Drive comment. */
export const replySchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Reply ID', description: 'The reply’s id.' }),
      content: z.string().optional().meta({ title: 'Text', description: 'What the reply says.' }),
      action: z
        .string()
        .optional()
        .meta({ title: 'Action', description: 'resolve or reopen, when the reply did that.' }),
      author: authorSchema(z),
      createdTime: z.string().optional().meta({ title: 'Written', description: 'When it was written.' }),
    })
    .meta(resultView({ view: 'record' }));

/** A reply to a Drive comment. */
export type DriveReply = z.output<ReturnType<typeof replySchema>>;

/** A Drive comment on a file, with its replies. */
export const commentSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Comment ID', description: 'The comment’s id, for Reply To Comment.' }),
      content: z.string().optional().meta({ title: 'Text', description: 'What the comment says.' }),
      resolved: z
        .boolean()
        .optional()
        .meta({ title: 'Resolved', description: 'Whether a reply has resolved it.' }),
      quotedFileContent: z
        .looseObject({ value: z.string().optional() })
        .optional()
        .meta({ title: 'Quoted Text', description: 'The text of the file it refers to.' }),
      author: authorSchema(z),
      createdTime: z.string().optional().meta({ title: 'Written', description: 'When it was written.' }),
      replies: z
        .array(replySchema(z))
        .optional()
        .meta({ title: 'Replies', description: 'The replies, oldest first.' }),
    })
    .meta(resultView({ view: 'record' }));

/** A Drive comment. */
export type DriveComment = z.output<ReturnType<typeof commentSchema>>;

/** List Comments' result. */
export const commentListSchema = (z: Zod) =>
  z
    .looseObject({
      fileId: z.string().meta({ title: 'File ID', description: 'The file whose comments are listed.' }),
      comments: z
        .array(commentSchema(z))
        .meta({ title: 'Comments', description: 'The comments, oldest first, each with its replies.' }),
      hasMore: z.boolean().meta({ title: 'More', description: 'Whether more comments follow.' }),
      nextPageToken: z
        .string()
        .optional()
        .meta({ title: 'Next Page Token', description: 'Pass it as pageToken to read on.' }),
    })
    .meta(
      resultView({ view: 'table', list: 'comments', more: { path: 'hasMore', cursor: 'nextPageToken' } }),
    );

/** List Comments' result. */
export type DriveCommentList = z.output<ReturnType<typeof commentListSchema>>;
