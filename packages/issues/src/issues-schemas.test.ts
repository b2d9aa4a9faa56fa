import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLOutputType,
  getNamedType,
  getNullableType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADD_ISSUE_LABEL_MUTATION } from './commands/add-issue-label.js';
import {
  ADD_PROJECT_TO_INITIATIVE_MUTATION,
  GET_INITIATIVE_TO_PROJECT_QUERY,
} from './commands/add-project-to-initiative.js';
import { CREATE_ATTACHMENT_MUTATION } from './commands/create-attachment.js';
import { CREATE_COMMENT_MUTATION } from './commands/create-comment.js';
import { CREATE_DOCUMENT_MUTATION, GET_DOCUMENT_QUERY } from './commands/create-document.js';
import { CREATE_INITIATIVE_MUTATION, GET_INITIATIVE_QUERY } from './commands/create-initiative.js';
import { CREATE_ISSUE_MUTATION } from './commands/create-issue.js';
import { CREATE_ISSUE_RELATION_MUTATION } from './commands/create-issue-relation.js';
import { CREATE_LABEL_MUTATION } from './commands/create-label.js';
import { CREATE_PROJECT_MUTATION } from './commands/create-project.js';
import {
  CREATE_PROJECT_MILESTONE_MUTATION,
  GET_PROJECT_MILESTONE_QUERY,
} from './commands/create-project-milestone.js';
import {
  CREATE_PROJECT_UPDATE_MUTATION,
  GET_PROJECT_UPDATE_QUERY,
} from './commands/create-project-update.js';
import { CREATE_REACTION_MUTATION } from './commands/create-reaction.js';
import { GET_CYCLE_QUERY } from './commands/get-cycle.js';
import { GET_ISSUE_BY_ID_QUERY } from './commands/get-issue-by-id.js';
import { GET_ISSUE_RELATIONS_QUERY } from './commands/get-issue-relations.js';
import { GET_PROJECT_QUERY } from './commands/get-project-by-id.js';
import { GET_TEAM_QUERY } from './commands/get-team.js';
import { GET_VIEWER_QUERY } from './commands/get-viewer.js';
import { LIST_ATTACHMENTS_QUERY } from './commands/list-attachments.js';
import { LIST_COMMENTS_QUERY } from './commands/list-comments.js';
import { LIST_CYCLES_QUERY } from './commands/list-cycles.js';
import { LIST_INITIATIVES_QUERY } from './commands/list-initiatives.js';
import { LIST_LABELS_QUERY } from './commands/list-labels.js';
import { LIST_PROJECT_MILESTONES_QUERY } from './commands/list-project-milestones.js';
import { LIST_PROJECT_UPDATES_QUERY } from './commands/list-project-updates.js';
import { LIST_PROJECTS_QUERY } from './commands/list-projects.js';
import { LIST_TEAM_MEMBERS_QUERY } from './commands/list-team-members.js';
import { LIST_TEAM_TEMPLATES_QUERY } from './commands/list-templates.js';
import { LIST_USERS_QUERY } from './commands/list-users.js';
import { LIST_WORKFLOW_STATES_QUERY } from './commands/list-workflow-states.js';
import { SEARCH_DOCUMENTS_QUERY } from './commands/search-documents.js';
import { SEARCH_ISSUES_BY_TERM_QUERY, SEARCH_ISSUES_QUERY } from './commands/search-issues.js';
import { SEARCH_TEAMS_QUERY } from './commands/search-teams.js';
import { UPDATE_DOCUMENT_MUTATION } from './commands/update-document.js';
import { UPDATE_INITIATIVE_MUTATION } from './commands/update-initiative.js';
import { issues } from './issues-connector.js';
import type { GraphqlOperation } from './issues-documents.js';
import { loadLinearSchema } from './testing/index.js';

// The output schemas describe what the documents select: these tests walk each document against
// Linear's schema beside the command's output schema, so a field added to a document but not to
// its schema (or the other way round), a nullability that differs from Linear's, or a scalar of
// another type fails here rather than in a client that trusted the schema.

const schema = loadLinearSchema();

/** A value of each scalar the documents select, as Linear sends it in JSON. */
const SAMPLES: Record<string, unknown> = {
  ID: '9cfb482a-81e3-4154-b5b9-2c805e70a02d',
  String: 'text',
  DateTime: '2026-11-23T10:00:00.000Z',
  TimelessDate: '2026-11-23',
  Float: 0.5,
  Int: 3,
  Boolean: true,
  JSONObject: { key: 'value' },
};

/** The schema under nullable, optional and describe wrappers. */
function unwrap(type: z.ZodType): z.ZodType {
  const def = type.def as { type: string; innerType?: z.ZodType };
  return def.type === 'nullable' || def.type === 'optional' ? unwrap(def.innerType!) : type;
}

function shapeOf(type: z.ZodType, path: string): Record<string, z.ZodType> {
  const object = unwrap(type) as z.ZodObject;
  if (!object.shape) throw new Error(`${path}: the output schema has no object here`);
  return object.shape as Record<string, z.ZodType>;
}

/** The fields of a selection set, fragment spreads expanded. */
function fieldsOf(selection: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>): FieldNode[] {
  return selection.selections.flatMap((node) => {
    if (node.kind === Kind.FIELD) return [node];
    if (node.kind === Kind.FRAGMENT_SPREAD)
      return fieldsOf(fragments.get(node.name.value)!.selectionSet, fragments);
    return fieldsOf(node.selectionSet, fragments);
  });
}

/** Every difference between a selection on a GraphQL type and the zod schema of its result. */
function differences(
  type: GraphQLOutputType,
  selection: SelectionSetNode,
  output: z.ZodType,
  fragments: Map<string, FragmentDefinitionNode>,
  path: string,
): string[] {
  const named = getNamedType(type);
  if (!isObjectType(named)) return [`${path}: ${named.name} is not an object type`];
  const shape = shapeOf(output, path);
  const fields = fieldsOf(selection, fragments);
  const selected = fields.map((field) => field.alias?.value ?? field.name.value);
  const problems: string[] = [];
  for (const key of Object.keys(shape)) {
    if (!selected.includes(key)) problems.push(`${path}.${key}: in the output schema, not selected`);
  }
  for (const field of fields) {
    const key = field.alias?.value ?? field.name.value;
    const at = `${path}.${key}`;
    const declared = shape[key];
    if (!declared) {
      problems.push(`${at}: selected, not in the output schema`);
      continue;
    }
    const fieldType = named.getFields()[field.name.value]!.type;
    const conditional = field.directives?.some((directive) => directive.name.value === 'include');
    if (declared.safeParse(null).success === isNonNullType(fieldType)) {
      problems.push(`${at}: ${isNonNullType(fieldType) ? 'non-null' : 'nullable'} in Linear's schema`);
    }
    if (declared.safeParse(undefined).success !== Boolean(conditional)) {
      problems.push(`${at}: ${conditional ? 'selected only when asked, so optional' : 'always selected'}`);
    }
    let inner = getNullableType(fieldType);
    let value = unwrap(declared);
    if (isListType(inner)) {
      const element = (value.def as { element?: z.ZodType }).element;
      if (!element) {
        problems.push(`${at}: a list in Linear's schema`);
        continue;
      }
      inner = getNullableType(inner.ofType);
      value = element;
    }
    const leaf = getNamedType(inner);
    if (field.selectionSet) {
      problems.push(...differences(inner, field.selectionSet, value, fragments, at));
    } else if (isEnumType(leaf)) {
      for (const option of leaf.getValues()) {
        if (!value.safeParse(option.value).success)
          problems.push(`${at}: refuses ${leaf.name}.${option.value}`);
      }
    } else if (!value.safeParse(SAMPLES[leaf.name]).success) {
      problems.push(`${at}: refuses a ${leaf.name}`);
    }
  }
  return problems;
}

/** Compares the field at `path` of an operation's answer with an output schema. */
function compare(operation: GraphqlOperation, path: string[], output: z.ZodType): string[] {
  const document = parse(operation.document);
  const fragments = new Map<string, FragmentDefinitionNode>();
  let root: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if (definition.kind === Kind.OPERATION_DEFINITION) root = definition;
  }
  let type: GraphQLOutputType =
    root!.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  let selection = root!.selectionSet;
  for (const key of path) {
    const field = fieldsOf(selection, fragments).find((node) => node.name.value === key)!;
    const parent: GraphQLNamedType = getNamedType(type);
    if (!isObjectType(parent)) throw new Error(`${key}: not an object`);
    type = parent.getFields()[key]!.type;
    selection = field.selectionSet!;
  }
  return differences(type, selection, output, fragments, `${operation.name}.${path.join('.')}`);
}

const outputOf = (key: keyof typeof issues.commands) => issues.commands[key].output!;

describe('output schemas', () => {
  it.each([
    ['createIssue', CREATE_ISSUE_MUTATION, ['issueCreate', 'issue']],
    ['getIssueById', GET_ISSUE_BY_ID_QUERY, ['issue']],
    ['searchIssues', SEARCH_ISSUES_QUERY, ['issues']],
    ['createProject', CREATE_PROJECT_MUTATION, ['projectCreate', 'project']],
    ['getProjectById', GET_PROJECT_QUERY, ['project']],
    ['createComment', CREATE_COMMENT_MUTATION, ['commentCreate', 'comment']],
    ['listComments', LIST_COMMENTS_QUERY, ['issue', 'comments']],
    ['createReaction', CREATE_REACTION_MUTATION, ['reactionCreate', 'reaction']],
    ['createLabel', CREATE_LABEL_MUTATION, ['issueLabelCreate', 'issueLabel']],
    ['listLabels', LIST_LABELS_QUERY, ['issueLabels']],
    ['addIssueLabel', ADD_ISSUE_LABEL_MUTATION, ['issueAddLabel', 'issue']],
    ['getViewer', GET_VIEWER_QUERY, ['viewer']],
    ['listUsers', LIST_USERS_QUERY, ['users']],
    ['listWorkflowStates', LIST_WORKFLOW_STATES_QUERY, ['workflowStates']],
    ['getTeam', GET_TEAM_QUERY, ['team']],
    ['listTeamMembers', LIST_TEAM_MEMBERS_QUERY, ['team', 'members']],
    ['searchIssues', SEARCH_ISSUES_BY_TERM_QUERY, ['searchIssues']],
    ['listCycles', LIST_CYCLES_QUERY, ['cycles']],
    ['getCycle', GET_CYCLE_QUERY, ['cycle']],
    ['listProjects', LIST_PROJECTS_QUERY, ['projects']],
    ['listTemplates', LIST_TEAM_TEMPLATES_QUERY, ['team', 'templates']],
    ['createAttachment', CREATE_ATTACHMENT_MUTATION, ['attachmentCreate', 'attachment']],
    ['listAttachments', LIST_ATTACHMENTS_QUERY, ['issue', 'attachments']],
    ['createIssueRelation', CREATE_ISSUE_RELATION_MUTATION, ['issueRelationCreate', 'issueRelation']],
    ['createDocument', CREATE_DOCUMENT_MUTATION, ['documentCreate', 'document']],
    ['getDocument', GET_DOCUMENT_QUERY, ['document']],
    ['updateDocument', UPDATE_DOCUMENT_MUTATION, ['documentUpdate', 'document']],
    ['searchDocuments', SEARCH_DOCUMENTS_QUERY, ['searchDocuments']],
    ['createProjectUpdate', CREATE_PROJECT_UPDATE_MUTATION, ['projectUpdateCreate', 'projectUpdate']],
    ['createProjectUpdate', GET_PROJECT_UPDATE_QUERY, ['projectUpdate']],
    ['listProjectUpdates', LIST_PROJECT_UPDATES_QUERY, ['project', 'projectUpdates']],
    [
      'createProjectMilestone',
      CREATE_PROJECT_MILESTONE_MUTATION,
      ['projectMilestoneCreate', 'projectMilestone'],
    ],
    ['createProjectMilestone', GET_PROJECT_MILESTONE_QUERY, ['projectMilestone']],
    ['listProjectMilestones', LIST_PROJECT_MILESTONES_QUERY, ['project', 'projectMilestones']],
    ['listInitiatives', LIST_INITIATIVES_QUERY, ['initiatives']],
    ['createInitiative', CREATE_INITIATIVE_MUTATION, ['initiativeCreate', 'initiative']],
    ['createInitiative', GET_INITIATIVE_QUERY, ['initiative']],
    ['updateInitiative', UPDATE_INITIATIVE_MUTATION, ['initiativeUpdate', 'initiative']],
    [
      'addProjectToInitiative',
      ADD_PROJECT_TO_INITIATIVE_MUTATION,
      ['initiativeToProjectCreate', 'initiativeToProject'],
    ],
    ['addProjectToInitiative', GET_INITIATIVE_TO_PROJECT_QUERY, ['initiativeToProject']],
  ] as const)(
    '%s: the schema is what %s selects, typed and nullable as in Linear’s schema',
    (key, operation, path) => {
      expect(compare(operation, [...path], outputOf(key))).toEqual([]);
    },
  );

  it('searchTeams: each team is what the query selects, members and states only when asked', () => {
    const teams = (outputOf('searchTeams') as z.ZodObject).shape.nodes as z.ZodArray;
    expect(compare(SEARCH_TEAMS_QUERY, ['teams', 'nodes'], teams.element as z.ZodType)).toEqual([]);
  });

  it('getIssueRelations: each relation is what both connections select', () => {
    const nodes = (outputOf('getIssueRelations') as z.ZodObject).shape.nodes as z.ZodArray;
    const row = (nodes.element as z.ZodObject).omit({ direction: true });
    for (const side of ['relations', 'inverseRelations']) {
      expect(compare(GET_ISSUE_RELATIONS_QUERY, ['issue', side, 'nodes'], row)).toEqual([]);
    }
  });

  it('the checks find drift: a field the schema lacks, a wrong nullability, a wrong scalar', () => {
    const issue = outputOf('getIssueById') as z.ZodObject;
    const drifted = issue.omit({ estimate: true }).extend({
      title: issue.shape.title.nullable(),
      priority: issue.shape.title,
      extra: issue.shape.title,
    });
    expect(compare(GET_ISSUE_BY_ID_QUERY, ['issue'], drifted)).toEqual([
      'GetIssueById.issue.extra: in the output schema, not selected',
      "GetIssueById.issue.title: non-null in Linear's schema",
      'GetIssueById.issue.priority: refuses a Float',
      'GetIssueById.issue.estimate: selected, not in the output schema',
    ]);
  });

  it('lets a field Linear adds pass through its objects, and keeps our fixed shapes closed', () => {
    const teams = (outputOf('searchTeams') as z.ZodObject).shape.nodes as z.ZodArray;
    const team = {
      id: '7d638ca4-4c4d-4d39-8c7d-4ad0b1f4a2a1',
      key: 'DES',
      name: 'Design',
      description: null,
      visibility: 'public',
      createdAt: SAMPLES.DateTime,
      updatedAt: SAMPLES.DateTime,
      cyclesEnabled: true,
    };
    expect((teams.element as z.ZodType).parse(team)).toEqual(team);
    expect(issues.commands.searchTeams.outputSchema).toMatchObject({ additionalProperties: false });
    expect(issues.commands.deleteIssue.outputSchema).toMatchObject({ additionalProperties: false });
    expect(issues.commands.getIssueById.outputSchema).toMatchObject({ additionalProperties: {} });
  });
});
