import type { Zod } from '@c/core';
import type { z } from 'zod';
import {
  appUrlField,
  dateField,
  dateTimeField,
  idField,
  optionalDateTimeField,
  pageInfoSchema,
  pageView,
  recordView,
  userRefSchema,
} from '../issues-schemas.js';

// Initiatives: workspace-wide goals that group projects, each with a status, an owner and a
// target date.

/** Linear's initiative statuses (`InitiativeStatus`), in their life-cycle order. */
export const INITIATIVE_STATUSES = ['Proposed', 'Planned', 'Active', 'Completed', 'Canceled'] as const;

const projectRef = (z: Zod) => z.looseObject({ id: idField(z, 'project'), name: z.string() });

/** An initiative, with the fields of the `InitiativeFields` fragment (no view: a row). */
export const initiativeRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'initiative'),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(INITIATIVE_STATUSES).describe('Proposed, Planned, Active, Completed or Canceled.'),
    targetDate: dateField(z, 'When it should be reached'),
    health: z
      .string()
      .nullable()
      .describe('onTrack, atRisk or offTrack, from its newest update; null before the first.'),
    icon: z.string().nullable(),
    color: z.string().nullable(),
    url: appUrlField(z, 'initiative'),
    createdAt: dateTimeField(z, 'When it was created'),
    updatedAt: dateTimeField(z, 'When it last changed'),
    startedAt: optionalDateTimeField(z, 'When it became Active'),
    completedAt: optionalDateTimeField(z, 'When it was completed'),
    owner: userRefSchema(z).nullable().describe('Who owns it (posts its updates).'),
    projects: z.object({ nodes: z.array(projectRef(z)) }).describe('Its projects (up to 25).'),
  });

/** An initiative, as a record. */
export const initiativeSchema = (z: Zod) => initiativeRowSchema(z).meta(recordView());

/** One page of initiatives. */
export const initiativePageSchema = (z: Zod) =>
  z
    .object({
      nodes: z.array(initiativeRowSchema(z)).describe('The initiatives, newest first.'),
      pageInfo: pageInfoSchema(z),
    })
    .meta(pageView());

/** A project's place in an initiative. */
export const initiativeToProjectSchema = (z: Zod) =>
  z
    .looseObject({
      id: idField(z, 'initiative-to-project link'),
      sortOrder: z.string().describe('Its place among the initiative’s projects.'),
      createdAt: dateTimeField(z, 'When the project joined'),
      initiative: z.looseObject({ id: idField(z, 'initiative'), name: z.string() }),
      project: projectRef(z),
    })
    .meta(recordView());

/** An initiative. */
export type LinearInitiative = z.output<ReturnType<typeof initiativeSchema>>;
/** One page of initiatives. */
export type LinearInitiativePage = z.output<ReturnType<typeof initiativePageSchema>>;
/** A project's place in an initiative. */
export type LinearInitiativeToProject = z.output<ReturnType<typeof initiativeToProjectSchema>>;
