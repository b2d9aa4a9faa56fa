import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import {
  type DriveSharedDrive,
  type DriveSharedDriveList,
  sharedDriveListSchema,
} from '../schemas/export.js';
import { listDrivePages } from './drive-list.js';
import { limitParameter, pageTokenParameter } from './drive-parameters.js';

/** List Shared Drives: `GET {fileApiBaseUrl}/drive/v3/drives`, following its pages. */
export const listSharedDrives = defineCommand({
  key: 'listSharedDrives',
  title: 'List Shared Drives',
  description:
    'Lists the shared drives the connected account is a member of (hidden ones left out), oldest first. A shared drive’s id is also the folder id of its top level, for List Files and Create Folder.',
  input: (z) => z.object({ limit: limitParameter(z, 'shared drives'), pageToken: pageTokenParameter(z) }),
  output: sharedDriveListSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DriveSharedDriveList> {
    const { items, hasMore, nextPageToken } = await listDrivePages<DriveSharedDrive>(
      ctx,
      {
        path: '/drive/v3/drives',
        query: { fields: 'nextPageToken,drives(id,name,createdTime,hidden)' },
        items: 'drives',
        // Drive's largest page of shared drives.
        pageSize: 100,
      },
      input.limit,
      input.pageToken,
      signal,
    );
    return { drives: items, hasMore, ...(nextPageToken ? { nextPageToken } : {}) };
  },
});
