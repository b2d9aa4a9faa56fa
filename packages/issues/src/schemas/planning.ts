import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import {
  dateTimeField,
  idField,
  optionalDateTimeField,
  pageInfoSchema,
  pageView,
  projectRowSchema,
  recordView,
  teamRefSchema,
} from '../issues-schemas.js';

/** A cycle, with the fields of the `CycleFields` fragment (no view: a row inside a page). */
export const cycleRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'cycle'),
    number: z.number().describe('Its number in the team’s sequence of cycles.'),
    name: z.string().nullable(),
    description: z.string().nullable(),
    startsAt: dateTimeField(z, 'When it starts'),
    endsAt: dateTimeField(z, 'When it ends'),
    completedAt: optionalDateTimeField(z, 'When it was completed'),
    isActive: z.boolean().describe('Whether it is under way now.'),
    isFuture: z.boolean().describe('Whether it starts later.'),
    isPast: z.boolean().describe('Whether it has ended.'),
    progress: z.number().describe('The share of its issues done, 0 to 1.'),
    team: teamRefSchema(z),
  });

/** One page of cycles. */
export const cyclePageSchema = (z: Zod) =>
  z.object({ nodes: z.array(cycleRowSchema(z)), pageInfo: pageInfoSchema(z) }).meta(pageView());

/** A cycle with its issues (Get Cycle). */
export const cycleDetailSchema = (z: Zod) =>
  cycleRowSchema(z)
    .extend({
      issues: z
        .looseObject({
          nodes: z.array(
            z.looseObject({
              id: idField(z, 'issue'),
              identifier: z.string(),
              title: z.string(),
              state: z.looseObject({ name: z.string(), type: z.string() }),
            }),
          ),
        })
        .describe('Its issues (up to 100).'),
    })
    .meta(recordView());

/** One page of projects. */
export const projectPageSchema = (z: Zod) =>
  z.object({ nodes: z.array(projectRowSchema(z)), pageInfo: pageInfoSchema(z) }).meta(pageView());

/** A template for new issues, projects or documents. */
export const templateRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'template'),
    name: z.string(),
    type: z.string().describe('What it makes: issue, project, document…'),
    description: z.string().nullable(),
    createdAt: dateTimeField(z, 'When it was created'),
    team: teamRefSchema(z).nullable().describe('Its team; null for a workspace template.'),
  });

/** The templates found. */
export const templateListSchema = (z: Zod) =>
  z
    .object({ nodes: z.array(templateRowSchema(z)).describe('The templates.') })
    .meta(resultView({ view: 'table', list: 'nodes' }));

/** A cycle. */
export type LinearCycle = z.output<ReturnType<typeof cycleRowSchema>>;
/** One page of cycles. */
export type LinearCyclePage = z.output<ReturnType<typeof cyclePageSchema>>;
/** A cycle with its issues. */
export type LinearCycleDetail = z.output<ReturnType<typeof cycleDetailSchema>>;
/** One page of projects. */
export type LinearProjectPage = z.output<ReturnType<typeof projectPageSchema>>;
/** The templates found. */
export type LinearTemplateList = z.output<ReturnType<typeof templateListSchema>>;
