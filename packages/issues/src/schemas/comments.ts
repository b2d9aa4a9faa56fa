import type { Zod } from '@c/core';
import type { z } from 'zod';
import {
  appUrlField,
  dateTimeField,
  idField,
  optionalDateTimeField,
  pageInfoSchema,
  pageView,
  recordView,
  userRefSchema,
} from '../issues-schemas.js';

/** A comment, with the fields of the `CommentFields` fragment (no view: a row inside a page). */
export const commentRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'comment'),
    body: z.string().describe('The comment, in Markdown.'),
    url: appUrlField(z, 'comment'),
    createdAt: dateTimeField(z, 'When it was written'),
    updatedAt: dateTimeField(z, 'When it last changed'),
    editedAt: optionalDateTimeField(z, 'When its body was last edited'),
    resolvedAt: optionalDateTimeField(z, 'When its thread was resolved'),
    issue: z
      .looseObject({ id: idField(z, 'issue'), identifier: z.string() })
      .nullable()
      .describe('The issue it is on.'),
    parent: z
      .looseObject({ id: idField(z, 'parent comment') })
      .nullable()
      .describe('The comment it replies to; null for the first comment of a thread.'),
    user: userRefSchema(z).nullable().describe('Who wrote it (null for an integration).'),
    resolvingUser: userRefSchema(z).nullable().describe('Who resolved the thread.'),
  });

/** A comment, as a record. */
export const commentSchema = (z: Zod) => commentRowSchema(z).meta(recordView());

/** One page of an issue's comments. */
export const commentPageSchema = (z: Zod) =>
  z
    .object({
      nodes: z.array(commentRowSchema(z)).describe('The comments, oldest first.'),
      pageInfo: pageInfoSchema(z),
    })
    .meta(pageView());

/** An emoji reaction. */
export const reactionSchema = (z: Zod) =>
  z
    .looseObject({
      id: idField(z, 'reaction'),
      emoji: z.string().describe('The emoji, by name (e.g. +1) or as the character.'),
      createdAt: dateTimeField(z, 'When it was added'),
      user: userRefSchema(z).nullable().describe('Who reacted.'),
      issue: z.looseObject({ id: idField(z, 'issue'), identifier: z.string() }).nullable(),
      comment: z.looseObject({ id: idField(z, 'comment') }).nullable(),
    })
    .meta(recordView());

/** A comment, with the fields of the `CommentFields` fragment. */
export type LinearComment = z.output<ReturnType<typeof commentSchema>>;
/** One page of comments. */
export type LinearCommentPage = z.output<ReturnType<typeof commentPageSchema>>;
/** An emoji reaction on an issue or a comment. */
export type LinearReaction = z.output<ReturnType<typeof reactionSchema>>;
