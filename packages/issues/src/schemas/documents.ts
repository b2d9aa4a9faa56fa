import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import {
  appUrlField,
  dateTimeField,
  idField,
  pageInfoSchema,
  pageView,
  teamRefSchema,
  userRefSchema,
} from '../issues-schemas.js';

/** A document, with the fields of the `DocumentFields` fragment (no view: a row). */
export const documentRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'document'),
    title: z.string(),
    content: z.string().nullable().describe('The document, in Markdown.'),
    slugId: z.string().describe('The end of its URL, which Get Document also takes.'),
    url: appUrlField(z, 'document'),
    icon: z.string().nullable(),
    color: z.string().nullable(),
    createdAt: dateTimeField(z, 'When it was written'),
    updatedAt: dateTimeField(z, 'When it last changed'),
    project: z.looseObject({ id: idField(z, 'project'), name: z.string() }).nullable(),
    team: teamRefSchema(z).nullable(),
    issue: z.looseObject({ id: idField(z, 'issue'), identifier: z.string() }).nullable(),
    initiative: z.looseObject({ id: idField(z, 'initiative'), name: z.string() }).nullable(),
    creator: userRefSchema(z).nullable().describe('Who wrote it.'),
  });

/** A document, shown as the Markdown it holds. */
export const documentSchema = (z: Zod) =>
  documentRowSchema(z).meta(resultView({ view: 'document', text: 'content' }));

/** One page of documents. */
export const documentPageSchema = (z: Zod) =>
  z.object({ nodes: z.array(documentRowSchema(z)), pageInfo: pageInfoSchema(z) }).meta(pageView());

/** A document. */
export type LinearDocument = z.output<ReturnType<typeof documentSchema>>;
/** One page of documents. */
export type LinearDocumentPage = z.output<ReturnType<typeof documentPageSchema>>;
