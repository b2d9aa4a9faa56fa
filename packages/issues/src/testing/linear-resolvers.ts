import { randomUUID } from 'node:crypto';
import {
  type GraphQLAbstractType,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { attachmentMutations, attachmentQueries, issueAttachmentFields } from './linear-attachments.js';
import { commentMutations, commentQueries, commentView } from './linear-comments.js';
import { paginate, type View } from './linear-connections.js';
import {
  documentMutations,
  documentQueries,
  issueDocumentFields,
  projectDocumentFields,
} from './linear-documents.js';
import { linearResolverError } from './linear-errors.js';
import { initiativeMutations, initiativeQueries, projectInitiativeFields } from './linear-initiatives.js';
import { issueMutations, issueQueries, issueView } from './linear-issues.js';
import { labelMutations, labelQueries, labelView } from './linear-labels.js';
import { projectPlanFields, projectPlanMutations, projectPlanQueries } from './linear-project-plans.js';
import { projectMutations, projectQueries, projectStatusView, projectView } from './linear-projects.js';
import { reactionMutations } from './linear-reactions.js';
import { issueRelationFields, relationMutations, relationQueries } from './linear-relations.js';
import { cycleView, teamQueries, teamView, workflowStateView } from './linear-teams.js';
import { organizationView, userQueries, userView } from './linear-users.js';
import type { RequestContext, Resolving, Root, Views } from './linear-views.js';
import { webhookMutations, webhookQueries } from './linear-webhooks.js';

const EPOCH = '1970-01-01T00:00:00.000Z';

/** A view with more fields, kept by the resources that reach an entity (an issue's attachments). */
function withFields<T>(
  view: (record: T) => View,
  more: (record: T) => Record<string, unknown>,
): (record: T) => View {
  return (record) => ({ ...view(record), ...more(record) });
}

/** One request's views of every resource, each built by its resource's file. */
function resolving(ctx: RequestContext): Resolving {
  const views = {} as Views;
  const r: Resolving = { ...ctx, views };
  Object.assign(views, {
    organization: organizationView(r),
    user: userView(r),
    team: teamView(r),
    state: workflowStateView(r),
    cycle: cycleView(r),
    label: labelView(r),
    issue: withFields(issueView(r), (issue) => ({
      ...issueAttachmentFields(r, issue),
      ...issueRelationFields(r, issue),
      ...issueDocumentFields(r, issue),
    })),
    project: withFields(projectView(r), (project) => ({
      ...projectDocumentFields(r, project),
      ...projectPlanFields(r, project),
      ...projectInitiativeFields(r, project),
    })),
    projectStatus: projectStatusView(r),
    comment: commentView(r),
  } satisfies Views);
  return r;
}

/** The root fields of queries the simulator implements; every other query field gets defaults. */
export function queryRoot(ctx: RequestContext): Root {
  const r = resolving(ctx);
  return {
    ...userQueries(r),
    ...teamQueries(r),
    ...issueQueries(r),
    ...labelQueries(r),
    ...projectQueries(r),
    ...commentQueries(r),
    ...attachmentQueries(r),
    ...relationQueries(r),
    ...documentQueries(r),
    ...projectPlanQueries(r),
    ...initiativeQueries(r),
    ...webhookQueries(r),
    rateLimitStatus: () => ctx.rateLimit,
  };
}

/** The mutations the simulator implements; any other mutation is refused, never faked. */
export function mutationRoot(ctx: RequestContext): Root {
  const r = resolving(ctx);
  return {
    ...issueMutations(r),
    ...labelMutations(r),
    ...projectMutations(r),
    ...commentMutations(r),
    ...reactionMutations(r),
    ...attachmentMutations(r),
    ...relationMutations(r),
    ...documentMutations(r),
    ...projectPlanMutations(r),
    ...initiativeMutations(r),
    ...webhookMutations(r),
  };
}

/**
 * The field resolver of every request: a view's own value or function when it has one, and
 * otherwise the type's default (null where nullable, `[]`, `0`, `""`, `false`, an empty
 * connection, or an empty object whose fields default in turn), so any valid document runs.
 * A mutation the simulator does not implement is an error rather than a fake success.
 */
export const fieldResolver: GraphQLFieldResolver<unknown, RequestContext> = (source, args, ctx, info) => {
  const value =
    source !== null && typeof source === 'object' && Object.hasOwn(source, info.fieldName)
      ? (source as Record<string, unknown>)[info.fieldName]
      : undefined;
  if (typeof value === 'function') return value(args, ctx, info);
  if (value !== undefined) return value;
  if (info.parentType === info.schema.getMutationType()) {
    throw linearResolverError(`The Linear simulator does not implement the mutation ${info.fieldName}`, {
      type: 'other',
      code: 'SIMULATOR_NOT_IMPLEMENTED',
      statusCode: 501,
    });
  }
  return defaultValue(info.returnType, info.schema, source);
};

function defaultValue(type: GraphQLOutputType, schema: GraphQLSchema, source: unknown): unknown {
  if (!isNonNullType(type)) return null;
  const inner = type.ofType;
  if (isListType(inner)) return [];
  if (isScalarType(inner)) {
    switch (inner.name) {
      case 'String':
        return '';
      case 'Int':
      case 'Float':
        return 0;
      case 'Boolean':
        return false;
      case 'ID':
      case 'UUID':
        return randomUUID();
      case 'DateTime':
        return (source as { createdAt?: string } | null)?.createdAt ?? EPOCH;
      case 'TimelessDate':
        return EPOCH.slice(0, 10);
      default:
        return {};
    }
  }
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  if (isObjectType(inner))
    return inner.name.endsWith('Connection') ? paginate([], {}, () => ({ id: '' })) : {};
  return { __typename: schema.getPossibleTypes(inner)[0]?.name };
}

/** Resolves abstract types from the `__typename` the views carry. */
export const typeResolver: GraphQLTypeResolver<unknown, RequestContext> = (
  value,
  _ctx,
  info,
  abstractType,
) => {
  const name = (value as { __typename?: string } | null)?.__typename;
  return name ?? info.schema.getPossibleTypes(abstractType as GraphQLAbstractType)[0]?.name;
};
