import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import {
  dateField,
  dateTimeField,
  idField,
  optionalDateTimeField,
  pageInfoSchema,
  pageView,
  recordView,
  userRefSchema,
} from '../issues-schemas.js';

// What a project's plan is made of: its updates (status posts with a health) and its milestones.

/** Linear's project health values (`ProjectUpdateHealthType`). */
export const PROJECT_HEALTH = ['onTrack', 'atRisk', 'offTrack'] as const;

const projectRef = (z: Zod) => z.looseObject({ id: idField(z, 'project'), name: z.string() });

/** A project update, with the fields of the `ProjectUpdateFields` fragment (no view: a row). */
export const projectUpdateRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'project update'),
    body: z.string().describe('The update, in Markdown.'),
    health: z.enum(PROJECT_HEALTH).describe('The project’s health it reports: onTrack, atRisk or offTrack.'),
    url: z.string().meta({ description: 'The update in Linear’s app.', format: 'uri' }),
    createdAt: dateTimeField(z, 'When it was posted'),
    updatedAt: dateTimeField(z, 'When it last changed'),
    editedAt: optionalDateTimeField(z, 'When its text was last edited'),
    project: projectRef(z),
    user: userRefSchema(z).describe('Who posted it.'),
  });

/** A project update, shown as the Markdown it holds. */
export const projectUpdateSchema = (z: Zod) =>
  projectUpdateRowSchema(z).meta(resultView({ view: 'document', text: 'body' }));

/** One page of a project's updates, newest first. */
export const projectUpdatePageSchema = (z: Zod) =>
  z
    .object({
      nodes: z.array(projectUpdateRowSchema(z)).describe('The updates, newest first.'),
      pageInfo: pageInfoSchema(z),
    })
    .meta(pageView());

/** A milestone, with the fields of the `ProjectMilestoneFields` fragment (no view: a row). */
export const projectMilestoneRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'milestone'),
    name: z.string(),
    description: z.string().nullable(),
    targetDate: dateField(z, 'When it should be reached'),
    status: z.string().describe('done, next, overdue or unstarted.'),
    progress: z.number().describe('The share of its issues completed, 0 to 1.'),
    sortOrder: z.number().describe('Its place in the project’s order (ascending).'),
    createdAt: dateTimeField(z, 'When it was created'),
    updatedAt: dateTimeField(z, 'When it last changed'),
    project: projectRef(z).describe('The one project it belongs to.'),
  });

/** A milestone, as a record. */
export const projectMilestoneSchema = (z: Zod) => projectMilestoneRowSchema(z).meta(recordView());

/** One page of a project's milestones, newest first. */
export const projectMilestonePageSchema = (z: Zod) =>
  z
    .object({
      nodes: z.array(projectMilestoneRowSchema(z)).describe('The milestones, newest first.'),
      pageInfo: pageInfoSchema(z),
    })
    .meta(pageView());

/** A project update. */
export type LinearProjectUpdate = z.output<ReturnType<typeof projectUpdateSchema>>;
/** One page of project updates. */
export type LinearProjectUpdatePage = z.output<ReturnType<typeof projectUpdatePageSchema>>;
/** A project milestone. */
export type LinearProjectMilestone = z.output<ReturnType<typeof projectMilestoneSchema>>;
/** One page of project milestones. */
export type LinearProjectMilestonePage = z.output<ReturnType<typeof projectMilestonePageSchema>>;
