import type { Zod } from '@c/core';
import type { z } from 'zod';
import {
  dateTimeField,
  idField,
  pageInfoSchema,
  pageView,
  recordView,
  teamRefSchema,
} from '../issues-schemas.js';

/** An issue label, with the fields of the `LabelFields` fragment (no view: a row inside a page). */
export const labelRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'label'),
    name: z.string(),
    color: z.string().describe('Its colour, a hex code such as #5e6ad2.'),
    description: z.string().nullable(),
    isGroup: z
      .boolean()
      .describe('Whether it is a label group, which holds labels and is never applied itself.'),
    createdAt: dateTimeField(z, 'When it was created'),
    team: teamRefSchema(z).nullable().describe('Its team; null for a workspace label.'),
    parent: z
      .looseObject({ id: idField(z, 'label group'), name: z.string() })
      .nullable()
      .describe('The label group it belongs to.'),
  });

/** A label, as a record. */
export const labelSchema = (z: Zod) => labelRowSchema(z).meta(recordView());

/** One page of labels. */
export const labelPageSchema = (z: Zod) =>
  z.object({ nodes: z.array(labelRowSchema(z)), pageInfo: pageInfoSchema(z) }).meta(pageView());

/** An issue's labels after adding or removing one. */
export const issueLabelsSchema = (z: Zod) =>
  z
    .looseObject({
      id: idField(z, 'issue'),
      identifier: z.string().describe('The team key and the issue number, e.g. ENG-123.'),
      labelIds: z.array(z.string()).describe('The ids of the labels the issue carries now.'),
      labels: z
        .looseObject({ nodes: z.array(z.looseObject({ id: idField(z, 'label'), name: z.string() })) })
        .describe('The labels the issue carries now.'),
    })
    .meta(recordView());

/** An issue label. */
export type LinearLabel = z.output<ReturnType<typeof labelSchema>>;
/** One page of labels. */
export type LinearLabelPage = z.output<ReturnType<typeof labelPageSchema>>;
/** An issue's labels. */
export type LinearIssueLabels = z.output<ReturnType<typeof issueLabelsSchema>>;
