import { defineCommand, ProviderError, ValidationError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { clientChosenId, createOnce } from '../issues-client-id.js';
import { defineOperation } from '../issues-documents.js';
import { REACTION_FIELDS } from '../issues-fragments.js';
import { commentLookup, issueLookup } from '../issues-lookups.js';
import { textParam, uuidParam } from '../issues-params.js';
import { type LinearReaction, reactionSchema } from '../schemas/comments.js';

/** `reactionCreate`, returning the reaction. */
export const CREATE_REACTION_MUTATION = defineOperation(
  `
mutation CreateReaction($input: ReactionCreateInput!) {
  reactionCreate(input: $input) {
    success
    reaction { ...ReactionFields }
  }
}`,
  REACTION_FIELDS,
);

/** An issue's reactions, to find the one a repeated create made. */
export const ISSUE_REACTIONS_QUERY = defineOperation(
  `
query IssueReactions($id: String!) {
  issue(id: $id) { id reactions { ...ReactionFields } }
}`,
  REACTION_FIELDS,
);

/** A comment's reactions, to find the one a repeated create made. */
export const COMMENT_REACTIONS_QUERY = defineOperation(
  `
query CommentReactions($id: String!) {
  comment(id: $id) { id reactions { ...ReactionFields } }
}`,
  REACTION_FIELDS,
);

/** Reacts with an emoji to an issue or a comment: `reactionCreate(input)`. */
export const createReaction = defineCommand({
  key: 'createReaction',
  title: 'Create Reaction',
  description:
    'Adds an emoji reaction (such as +1 or 🎉) to a Linear issue or to a comment (give exactly one of issueId and commentId) and returns it.',
  input: (z) =>
    z
      .object({
        emoji: textParam(z, 'Emoji', 'The emoji, by name (+1, tada) or as the character.'),
        issueId: uuidParam(z, 'Issue Id', 'The issue to react to (its UUID).').optional(),
        commentId: uuidParam(z, 'Comment Id', 'The comment to react to (its UUID).').optional(),
      })
      .superRefine((value, ctx) => {
        if (!value.issueId === !value.commentId) {
          ctx.addIssue({
            code: 'custom',
            path: ['issueId'],
            message: 'give exactly one of issueId and commentId',
          });
        }
      }),
  output: (z) => reactionSchema(z),
  lookups: { issueId: issueLookup, commentId: commentLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: IssuesContext, { signal, idempotencyKey }): Promise<LinearReaction> {
    if (!input.issueId === !input.commentId) {
      throw new ValidationError('Invalid parameter "issueId": give exactly one of issueId and commentId', {
        parameter: 'issueId',
      });
    }
    const id = clientChosenId(idempotencyKey, 'issues.createReaction');
    const parent = input.issueId ? { issueId: input.issueId } : { commentId: input.commentId };
    return createOnce(
      id,
      async () => {
        const data = await ctx.linear.run<{
          reactionCreate: { success: boolean; reaction: LinearReaction | null };
        }>(CREATE_REACTION_MUTATION, { input: { id, emoji: input.emoji, ...parent } }, { signal });
        if (!data.reactionCreate.success || !data.reactionCreate.reaction) {
          throw new ProviderError(
            'Linear answered reactionCreate without creating the reaction (success: false)',
          );
        }
        return data.reactionCreate.reaction;
      },
      async (existing) => {
        type Reactions = { reactions: LinearReaction[] };
        const parent = input.issueId
          ? (
              await ctx.linear.run<{ issue: Reactions }>(
                ISSUE_REACTIONS_QUERY,
                { id: input.issueId },
                { signal },
              )
            ).issue
          : (
              await ctx.linear.run<{ comment: Reactions }>(
                COMMENT_REACTIONS_QUERY,
                { id: input.commentId },
                { signal },
              )
            ).comment;
        return parent.reactions.find((reaction) => reaction.id === existing);
      },
    );
  },
});
