import { createCommentRecord, deleteCommentRecord, updateCommentRecord } from './linear-comments.js';
import {
  archiveIssueRecord,
  createIssueRecord,
  unarchiveIssueRecord,
  updateIssueRecord,
} from './linear-issues.js';
import { createLabelRecord, deleteLabelRecord, updateLabelRecord } from './linear-labels.js';
import { createProjectRecord, deleteProjectRecord, updateProjectRecord } from './linear-projects.js';
import type { CommentRecord, IssueRecord, LabelRecord, ProjectRecord } from './linear-records.js';
import { LinearWorkspaceState, type WorkspaceInput } from './linear-workspace-state.js';

export type { LinearWorkspaceSnapshot, WorkspaceInput } from './linear-workspace-state.js';

/**
 * An in-memory Linear workspace (its records are `LinearWorkspaceState`'s) with the archive and
 * delete (trash) life cycle. Its methods apply Linear's rules (kept per resource in
 * `linear-issues.ts`, `linear-projects.ts`, `linear-labels.ts` and `linear-comments.ts`) and throw
 * Linear-shaped GraphQL errors, so the resolvers stay thin.
 */
export class LinearWorkspace extends LinearWorkspaceState {
  /** Creates an issue as Linear's `issueCreate` does (the rules are in `linear-issues.ts`). */
  createIssue(input: WorkspaceInput, creatorId: string | null): IssueRecord {
    return createIssueRecord(this, input, creatorId);
  }

  /** Updates an issue as `issueUpdate` does: only the fields given change; `null` clears. */
  updateIssue(idOrIdentifier: string, input: WorkspaceInput): IssueRecord {
    return updateIssueRecord(this, idOrIdentifier, input);
  }

  /** Archives an issue (and its sub-issues, as Linear does); `trash` also moves it to the trash. */
  archiveIssue(idOrIdentifier: string, trash = false): IssueRecord {
    return archiveIssueRecord(this, idOrIdentifier, trash);
  }

  /** Restores an archived or trashed issue. */
  unarchiveIssue(idOrIdentifier: string): IssueRecord {
    return unarchiveIssueRecord(this, idOrIdentifier);
  }

  /**
   * `issueDelete`: Linear moves the issue to the trash (archived and `trashed: true`), where it
   * stays readable by id; lists no longer show it.
   */
  deleteIssue(idOrIdentifier: string): IssueRecord {
    return archiveIssueRecord(this, idOrIdentifier, true);
  }

  /** Creates a project as `projectCreate` does (the rules are in `linear-projects.ts`). */
  createProject(input: WorkspaceInput, creatorId: string | null): ProjectRecord {
    return createProjectRecord(this, input, creatorId);
  }

  /** Updates a project: only the fields given change. */
  updateProject(id: string, input: WorkspaceInput): ProjectRecord {
    return updateProjectRecord(this, id, input);
  }

  /** `projectDelete`: the project goes to the trash and out of every list. */
  deleteProject(id: string): ProjectRecord {
    return deleteProjectRecord(this, id);
  }

  /** Creates a label as `issueLabelCreate` does (the rules are in `linear-labels.ts`). */
  createLabel(input: WorkspaceInput, creatorId: string | null): LabelRecord {
    return createLabelRecord(this, input, creatorId);
  }

  /** Renames, recolours or redescribes a label (`issueLabelUpdate`). */
  updateLabel(id: string, input: WorkspaceInput): LabelRecord {
    return updateLabelRecord(this, id, input);
  }

  /** Deletes a label (`issueLabelDelete`) and takes it off every issue. */
  deleteLabel(id: string): LabelRecord {
    return deleteLabelRecord(this, id);
  }

  /** Comments on an issue as `commentCreate` does (the rules are in `linear-comments.ts`). */
  createComment(input: WorkspaceInput, userId: string | null): CommentRecord {
    return createCommentRecord(this, input, userId);
  }

  /** Edits a comment as `userId` (`commentUpdate`). */
  updateComment(id: string, input: WorkspaceInput, userId: string): CommentRecord {
    return updateCommentRecord(this, id, input, userId);
  }

  /** Deletes a comment and its replies as `userId` (`commentDelete`). */
  deleteComment(id: string, userId: string): CommentRecord {
    return deleteCommentRecord(this, id, userId);
  }
}
