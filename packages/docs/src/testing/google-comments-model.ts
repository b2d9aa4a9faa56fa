// A Drive comment and its replies, as the simulator keeps them: Drive's comments resource serves
// them, and the Docs comment requests of batchUpdate write them.

/** A reply to a Drive comment; `action` resolves or reopens the comment. */
export interface SimReply {
  id: string;
  author: string;
  content: string;
  action?: 'resolve' | 'reopen' | undefined;
  /** The person a Docs reply newly assigns the comment to (`Post.assigneeEmail`). */
  assignee?: string | undefined;
  createdTime: number;
  modifiedTime: number;
  deleted: boolean;
}

/** A Drive comment on a file, with its replies in order. */
export interface SimComment {
  id: string;
  author: string;
  content: string;
  /** The text the comment refers to (`quotedFileContent.value`). */
  quotedText?: string | undefined;
  anchor?: string | undefined;
  /** The person a comment inserted through Docs is assigned to. */
  assignee?: string | undefined;
  createdTime: number;
  modifiedTime: number;
  resolved: boolean;
  deleted: boolean;
  replies: SimReply[];
}

/**
 * What a batch and the Docs comment requests read of the simulator: its clock, its accounts and its
 * files (`DocsSimulatorState` has them all).
 */
export interface BatchState {
  now(): number;
  users: ReadonlyMap<string, { displayName: string }>;
  files: ReadonlyMap<string, { name: string; mimeType: string }>;
}
