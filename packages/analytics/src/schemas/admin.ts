import { resultView, type Zod } from '@c/core';

/** A chart annotation. */
const annotationSchema = (z: Zod) =>
  z.looseObject({
    id: z.number().meta({ title: 'ID', description: "The annotation's id." }),
    label: z.string().meta({ title: 'Label', description: 'Its title.' }),
    start: z.string().meta({ title: 'Start', description: 'When it starts (ISO 8601).' }),
    end: z.string().nullable().optional().meta({ title: 'End', description: 'When it ends, for a range.' }),
    details: z.string().nullable().optional().meta({ title: 'Details', description: 'Its description.' }),
    category: z
      .looseObject({ id: z.number(), name: z.string() })
      .nullable()
      .optional()
      .meta({ title: 'Category', description: 'Its category, {id, name}.' }),
    chart_id: z
      .string()
      .nullable()
      .optional()
      .meta({ title: 'Chart', description: 'The chart it is on; null for every chart.' }),
  });

/** List Annotations: `{data: [annotation]}`. */
export const annotationListSchema = (z: Zod) =>
  z
    .looseObject({
      data: z
        .array(annotationSchema(z))
        .meta({ title: 'Annotations', description: 'The annotations found.' }),
    })
    .meta(resultView({ view: 'table', list: 'data' }));

/** Create Annotation: `{data: annotation}`. */
export const annotationCreatedSchema = (z: Zod) =>
  z
    .looseObject({
      data: annotationSchema(z).meta({ title: 'Annotation', description: 'The annotation created.' }),
    })
    .meta(resultView({ view: 'record' }));

/** Create Release: `{success, release}`. */
export const releaseSchema = (z: Zod) =>
  z
    .looseObject({
      success: z.boolean().meta({ title: 'Success', description: 'The release was created.' }),
      release: z
        .looseObject({
          id: z.string().meta({ title: 'ID', description: "The release's id." }),
          version: z.string().meta({ title: 'Version', description: 'The product version.' }),
          title: z.string().meta({ title: 'Title', description: "The release's name." }),
          release_start: z.string().meta({ title: 'Start', description: 'yyyy-MM-dd HH:mm:ss, UTC.' }),
        })
        .meta({ title: 'Release', description: 'The release created.' }),
    })
    .meta(resultView({ view: 'record' }));

const deletionJobSchema = (z: Zod) =>
  z.looseObject({
    day: z
      .string()
      .meta({ title: 'Day', description: 'The day the deletion job is scheduled to run (YYYY-MM-DD).' }),
    status: z
      .string()
      .meta({ title: 'Status', description: 'staging (can still change), submitted, or done.' }),
    amplitude_ids: z
      .array(
        z.looseObject({
          amplitude_id: z.number().meta({ title: 'Amplitude ID', description: 'A user to delete.' }),
          requester: z
            .string()
            .nullable()
            .optional()
            .meta({ title: 'Requester', description: 'Who asked for it.' }),
          requested_on_day: z.string().meta({ title: 'Requested On', description: 'The day it was asked.' }),
        }),
      )
      .meta({ title: 'Users', description: 'The users the job deletes.' }),
  });

/** Delete User Data: the job the users joined. */
export const deletionSchema = (z: Zod) =>
  deletionJobSchema(z)
    .extend({
      invalid_ids: z.array(z.unknown()).optional().meta({
        title: 'Invalid IDs',
        description: 'With ignoreInvalidId: the users not found in the project.',
      }),
    })
    .meta(resultView({ view: 'table', list: 'amplitude_ids' }));

/** List Deletion Jobs: the jobs scheduled in the range. */
export const deletionJobsSchema = (z: Zod) =>
  z
    .object({
      jobs: z.array(deletionJobSchema(z)).meta({ title: 'Jobs', description: 'The deletion jobs, by day.' }),
    })
    .meta(resultView({ view: 'table', list: 'jobs' }));

/** The Taxonomy API's lists: `{success, data: [...]}`. */
export const taxonomyListSchema = (z: Zod) =>
  z
    .looseObject({
      success: z.boolean().meta({ title: 'Success', description: 'Amplitude answered the request.' }),
      data: z
        .array(z.record(z.string(), z.unknown()))
        .meta({ title: 'Items', description: 'The event types or properties.' }),
    })
    .meta(resultView({ view: 'table', list: 'data' }));

/** The Taxonomy API's writes: `{success: true}`. */
export const taxonomyWriteSchema = (z: Zod) =>
  z
    .looseObject({
      success: z.boolean().meta({ title: 'Success', description: 'Amplitude applied the change.' }),
    })
    .meta(resultView({ view: 'record' }));

/** Get Cohort Members: the members read from the cohort's file. */
export const cohortMembersSchema = (z: Zod) =>
  z
    .object({
      requestId: z.string().meta({
        title: 'Request ID',
        description: "Amplitude's id of the download (its file link lasts 7 days).",
      }),
      columns: z
        .array(z.string())
        .meta({ title: 'Columns', description: 'amplitude_id, user_id, then the user properties asked.' }),
      members: z
        .array(z.record(z.string(), z.string()))
        .meta({ title: 'Members', description: 'One row per member, up to maxMembers.' }),
      count: z.number().int().meta({ title: 'Count', description: 'Members in the file.' }),
      truncated: z
        .boolean()
        .meta({ title: 'Truncated', description: 'True when the file held more than maxMembers.' }),
    })
    .meta(
      resultView({
        view: 'table',
        list: 'members',
        more: { path: 'truncated', note: 'truncated at maxMembers' },
      }),
    );

/** Upload Cohort: the cohort's id and how many ids matched users. */
export const cohortUploadSchema = (z: Zod) =>
  z
    .looseObject({
      cohortId: z.string().meta({ title: 'Cohort ID', description: 'The cohort created or replaced.' }),
      metadata: z
        .looseObject({
          matched: z.number().meta({ title: 'Matched', description: 'IDs that matched a user.' }),
          totals: z.number().meta({ title: 'Total', description: 'IDs sent.' }),
          invalid_ids_sample: z
            .array(z.string())
            .optional()
            .meta({ title: 'Invalid IDs', description: 'Some that did not match.' }),
        })
        .meta({ title: 'Metadata', description: 'How the ids matched.' }),
    })
    .meta(resultView({ view: 'record' }));

/** Get User Profile: `{userData}`. */
export const userProfileSchema = (z: Zod) =>
  z
    .looseObject({
      userData: z
        .looseObject({
          user_id: z
            .string()
            .nullable()
            .optional()
            .meta({ title: 'User ID', description: 'Your id of the user.' }),
          device_id: z
            .string()
            .nullable()
            .optional()
            .meta({ title: 'Device ID', description: 'The device asked about.' }),
          amp_props: z.record(z.string(), z.unknown()).nullable().optional().meta({
            title: 'Properties',
            description: "The user's properties (with includeAmplitudeProperties).",
          }),
          cohort_ids: z.array(z.string()).nullable().optional().meta({
            title: 'Cohort IDs',
            description: 'Cohorts synced to the Profile API that hold the user (with includeCohortIds).',
          }),
        })
        .meta({ title: 'User', description: "The user's profile." }),
    })
    .meta(resultView({ view: 'record' }));
