// The fragments of the entities added after the first fourteen commands: each result type's
// fields, selected once, so that every command returning one sends the same selection and its
// output schema (under `schemas/`) can be checked against it.

/** A comment: body, timestamps, thread, author and resolver. */
export const COMMENT_FIELDS = `
fragment CommentFields on Comment {
  id
  body
  url
  createdAt
  updatedAt
  editedAt
  resolvedAt
  issue { id identifier }
  parent { id }
  user { id name email }
  resolvingUser { id name email }
}`;

/** A reaction: the emoji, who, and on what. */
export const REACTION_FIELDS = `
fragment ReactionFields on Reaction {
  id
  emoji
  createdAt
  user { id name email }
  issue { id identifier }
  comment { id }
}`;
