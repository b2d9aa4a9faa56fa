import type { Zod } from '@c/core';
import type { z } from 'zod';
import {
  appUrlField,
  dateTimeField,
  idField,
  pageInfoSchema,
  pageView,
  recordView,
  teamRefSchema,
  workflowStateRefSchema,
} from '../issues-schemas.js';

/** A user, with the fields of the `UserFields` fragment (no view: a row inside a page). */
export const userRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'user'),
    name: z.string().describe('The full name.'),
    displayName: z.string().describe('The short name others mention (@name).'),
    email: z.string(),
    active: z.boolean().describe('Whether the account is enabled (false once suspended or left).'),
    admin: z.boolean().describe('Whether the user is a workspace admin.'),
    guest: z.boolean().describe('Whether the user is a guest with access to some teams only.'),
    isMe: z.boolean().describe('Whether this is the user the connection acts as.'),
    timezone: z.string().nullable(),
    createdAt: dateTimeField(z, 'When the user joined'),
    url: appUrlField(z, 'user’s profile'),
  });

/** A user, as a record. */
export const userSchema = (z: Zod) => userRowSchema(z).meta(recordView());

/** One page of users. */
export const userPageSchema = (z: Zod) =>
  z.object({ nodes: z.array(userRowSchema(z)), pageInfo: pageInfoSchema(z) }).meta(pageView());

/** A workflow state, with its board position and team (no view: a row inside a page). */
export const workflowStateRowSchema = (z: Zod) =>
  workflowStateRefSchema(z).extend({
    position: z.number().describe('Its place on the team’s board, left to right.'),
    description: z.string().nullable(),
    team: teamRefSchema(z),
  });

/** One page of workflow states. */
export const workflowStatePageSchema = (z: Zod) =>
  z.object({ nodes: z.array(workflowStateRowSchema(z)), pageInfo: pageInfoSchema(z) }).meta(pageView());

/** A team with its states, labels, members and active cycle (Get Team). */
export const teamDetailSchema = (z: Zod) =>
  teamRefSchema(z)
    .extend({
      description: z.string().nullable(),
      visibility: z.enum(['public', 'private', 'restricted']).describe('Who can see the team.'),
      timezone: z.string(),
      cyclesEnabled: z.boolean(),
      createdAt: dateTimeField(z, 'When it was created'),
      updatedAt: dateTimeField(z, 'When it last changed'),
      states: z
        .looseObject({
          nodes: z.array(
            workflowStateRefSchema(z).extend({ position: z.number().describe('Its place on the board.') }),
          ),
        })
        .describe('Its workflow states (up to 50).'),
      labels: z
        .looseObject({
          nodes: z.array(
            z.looseObject({
              id: idField(z, 'label'),
              name: z.string(),
              color: z.string(),
              isGroup: z.boolean(),
            }),
          ),
        })
        .describe('The labels its issues can carry, the workspace’s included (up to 100).'),
      members: z
        .looseObject({
          nodes: z.array(z.looseObject({ id: idField(z, 'user'), name: z.string(), email: z.string() })),
        })
        .describe('Its members (up to 100).'),
      activeCycle: z
        .looseObject({
          id: idField(z, 'cycle'),
          number: z.number(),
          name: z.string().nullable(),
          startsAt: dateTimeField(z, 'When it starts'),
          endsAt: dateTimeField(z, 'When it ends'),
        })
        .nullable()
        .describe('The cycle under way, if any.'),
    })
    .meta(recordView());

/** A user of the workspace. */
export type LinearUser = z.output<ReturnType<typeof userSchema>>;
/** One page of users. */
export type LinearUserPage = z.output<ReturnType<typeof userPageSchema>>;
/** One page of workflow states. */
export type LinearWorkflowStatePage = z.output<ReturnType<typeof workflowStatePageSchema>>;
/** A team with its states, labels, members and active cycle. */
export type LinearTeamDetail = z.output<ReturnType<typeof teamDetailSchema>>;
