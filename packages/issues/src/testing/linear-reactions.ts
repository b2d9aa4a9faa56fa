import { randomUUID } from 'node:crypto';
import type { View } from './linear-connections.js';
import { forbidden, invalidInput } from './linear-errors.js';
import type { ReactionRecord } from './linear-records.js';
import { lookupRecord, maybe, mutation, type Resolving, type Root } from './linear-views.js';
import type { LinearWorkspaceState, WorkspaceInput } from './linear-workspace-state.js';

// Emoji reactions: Linear's `reactionCreate` takes exactly one parent (here an issue or a comment;
// project updates, initiative updates and posts are not modelled) and an emoji, by name (`+1`) or
// as the character. A user reacts once per emoji and parent: a repeat is refused as bad input, as
// a second row would break the parent's reaction counts.

/** What `reactionCreate` does. */
export function createReactionRecord(
  ws: LinearWorkspaceState,
  input: WorkspaceInput,
  userId: string,
): ReactionRecord {
  const emoji = typeof input.emoji === 'string' ? input.emoji.trim() : '';
  if (!emoji) throw invalidInput('emoji should not be empty', 'A reaction needs an emoji.');
  const parents = ['issueId', 'commentId', 'projectUpdateId', 'initiativeUpdateId', 'postId'].filter(
    (key) => typeof input[key] === 'string',
  );
  if (parents.length !== 1) {
    throw invalidInput(
      'Exactly one of issueId, commentId, projectUpdateId, initiativeUpdateId or postId is required',
    );
  }
  const issueId = typeof input.issueId === 'string' ? ws.requireIssue(input.issueId).id : null;
  const commentId =
    typeof input.commentId === 'string' ? lookupRecord(ws.comments, input.commentId, 'Comment').id : null;
  if (!issueId && !commentId) {
    throw invalidInput(`${parents[0]}: the simulator models reactions on issues and comments only`);
  }
  const id = typeof input.id === 'string' ? input.id.toLowerCase() : randomUUID();
  if (ws.reactions.has(id)) throw invalidInput('A reaction with this id already exists');
  const duplicate = [...ws.reactions.values()].some(
    (r) => r.userId === userId && r.emoji === emoji && r.issueId === issueId && r.commentId === commentId,
  );
  if (duplicate) throw invalidInput('You have already reacted with this emoji');
  const now = ws.now();
  const reaction: ReactionRecord = {
    id,
    emoji,
    userId,
    issueId,
    commentId,
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
  };
  ws.reactions.set(id, reaction);
  ws.lastSyncId += 1;
  return reaction;
}

/** The reactions on an issue or a comment, oldest first. */
export function reactionsOn(ws: LinearWorkspaceState, parent: { issueId?: string; commentId?: string }) {
  return [...ws.reactions.values()].filter((reaction) =>
    parent.issueId ? reaction.issueId === parent.issueId : reaction.commentId === parent.commentId,
  );
}

/** Linear's `reactionData` of a parent: per emoji, how many reacted and who. */
export function reactionData(
  reactions: ReactionRecord[],
): { emoji: string; count: number; userIds: string[] }[] {
  const byEmoji = new Map<string, string[]>();
  for (const reaction of reactions)
    byEmoji.set(reaction.emoji, [...(byEmoji.get(reaction.emoji) ?? []), reaction.userId]);
  return [...byEmoji].map(([emoji, userIds]) => ({ emoji, count: userIds.length, userIds }));
}

/** A reaction: its emoji, user and parent. */
export function reactionView(r: Resolving): (reaction: ReactionRecord) => View {
  const ws = r.workspace;
  return (reaction) => ({
    __typename: 'Reaction',
    id: reaction.id,
    emoji: reaction.emoji,
    createdAt: reaction.createdAt,
    updatedAt: reaction.updatedAt,
    archivedAt: reaction.archivedAt,
    user: () => maybe(ws.users.get(reaction.userId), r.views.user),
    issue: () => maybe(ws.issues.get(reaction.issueId ?? ''), r.views.issue),
    comment: () => maybe(ws.comments.get(reaction.commentId ?? ''), r.views.comment),
  });
}

/** `reactionCreate` and `reactionDelete` (only the one who reacted may take it back). */
export function reactionMutations(r: Resolving): Root {
  const ws = r.workspace;
  return {
    reactionCreate: mutation(r, 'reactionCreate', ({ input }) => ({
      reaction: reactionView(r)(createReactionRecord(ws, input, r.viewerId)),
    })),
    reactionDelete: mutation(r, 'reactionDelete', ({ id }) => {
      const reaction = lookupRecord(ws.reactions, id, 'Reaction');
      if (reaction.userId !== r.viewerId) throw forbidden('You can only remove your own reactions');
      ws.reactions.delete(reaction.id);
      ws.lastSyncId += 1;
      return { entityId: reaction.id };
    }),
  };
}
