import { randomUUID } from 'node:crypto';
import { connection, paginate, type View } from './linear-connections.js';
import { invalidInput } from './linear-errors.js';
import type { IssueRecord, IssueRelationRecord, IssueRelationType } from './linear-records.js';
import { lookupRecord, maybe, mutation, type Resolving, type Root } from './linear-views.js';
import type { LinearWorkspaceState, WorkspaceInput } from './linear-workspace-state.js';

// Issue relations: Linear stores one relation per pair, read from its issue (`relations`: "ENG-1
// blocks ENG-2") and from the related issue (`inverseRelations`: "ENG-2 is blocked by ENG-1").
// `blocks` and `duplicate` have a direction; `related` and `similar` do not, so a second relation
// of the same type between the same two issues, in either direction, is refused, as is an issue
// related to itself. Linear's UI also moves an issue marked as a duplicate to the Duplicate state;
// the simulator leaves the state alone, as the API call does not ask for it.

const TYPES: readonly IssueRelationType[] = ['blocks', 'duplicate', 'related', 'similar'];

/** What `issueRelationCreate` does. */
export function createRelationRecord(ws: LinearWorkspaceState, input: WorkspaceInput): IssueRelationRecord {
  const issue = ws.requireIssue(String(input.issueId));
  const related = ws.requireIssue(String(input.relatedIssueId));
  const type = input.type as IssueRelationType;
  if (!TYPES.includes(type)) throw invalidInput(`type must be one of ${TYPES.join(', ')}`);
  if (issue.id === related.id) {
    throw invalidInput('An issue cannot be related to itself', 'Choose another issue to relate to.');
  }
  const twin = [...ws.issueRelations.values()].find(
    (relation) =>
      relation.type === type &&
      ((relation.issueId === issue.id && relation.relatedIssueId === related.id) ||
        (relation.issueId === related.id && relation.relatedIssueId === issue.id)),
  );
  if (twin) throw invalidInput('These issues already have this relation', 'The relation already exists.');
  const id = typeof input.id === 'string' ? input.id.toLowerCase() : randomUUID();
  if (ws.issueRelations.has(id)) throw invalidInput('An issue relation with this id already exists');
  const now = ws.now();
  const relation: IssueRelationRecord = {
    id,
    type,
    issueId: issue.id,
    relatedIssueId: related.id,
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
  };
  ws.issueRelations.set(id, relation);
  ws.lastSyncId += 1;
  return relation;
}

/** The relations of an issue, read from it (`from`) or from the other side (`to`). */
export function relationsOf(
  ws: LinearWorkspaceState,
  issueId: string,
  side: 'from' | 'to',
): IssueRelationRecord[] {
  return [...ws.issueRelations.values()].filter((relation) =>
    side === 'from' ? relation.issueId === issueId : relation.relatedIssueId === issueId,
  );
}

/** A relation: its type and both issues. */
export function relationView(r: Resolving): (relation: IssueRelationRecord) => View {
  const ws = r.workspace;
  return (relation) => ({
    __typename: 'IssueRelation',
    id: relation.id,
    type: relation.type,
    createdAt: relation.createdAt,
    updatedAt: relation.updatedAt,
    archivedAt: relation.archivedAt,
    issue: () => maybe(ws.issues.get(relation.issueId), r.views.issue),
    relatedIssue: () => maybe(ws.issues.get(relation.relatedIssueId), r.views.issue),
  });
}

/** The issue's `relations` and `inverseRelations` connections, added to the issue view. */
export function issueRelationFields(r: Resolving, issue: IssueRecord): Record<string, unknown> {
  const ws = r.workspace;
  return {
    relations: connection(() => relationsOf(ws, issue.id, 'from'), relationView(r)),
    inverseRelations: connection(() => relationsOf(ws, issue.id, 'to'), relationView(r)),
  };
}

/** `issueRelation(id)` and `issueRelations`. */
export function relationQueries(r: Resolving): Root {
  const ws = r.workspace;
  return {
    issueRelation: ({ id }) => relationView(r)(lookupRecord(ws.issueRelations, id, 'IssueRelation')),
    issueRelations: (args) => paginate([...ws.issueRelations.values()], args, relationView(r)),
  };
}

/** `issueRelationCreate` and `issueRelationDelete`. */
export function relationMutations(r: Resolving): Root {
  const ws = r.workspace;
  return {
    issueRelationCreate: mutation(r, 'issueRelationCreate', ({ input }) => ({
      issueRelation: relationView(r)(createRelationRecord(ws, input)),
    })),
    issueRelationDelete: mutation(r, 'issueRelationDelete', ({ id }) => {
      const relation = lookupRecord(ws.issueRelations, id, 'IssueRelation');
      ws.issueRelations.delete(relation.id);
      ws.lastSyncId += 1;
      return { entityId: relation.id };
    }),
  };
}
