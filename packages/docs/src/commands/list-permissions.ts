import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { fileLookup } from '../docs-lookups.js';
import { type DrivePermission, type DrivePermissionList, permissionListSchema } from '../schemas/sharing.js';
import { listDrivePages } from './drive-list.js';
import { fileIdParameter } from './drive-parameters.js';
import { PERMISSION_FIELDS } from './share-file.js';

/** List Permissions: `GET {fileApiBaseUrl}/drive/v3/files/{id}/permissions`, every page. */
export const listPermissions = defineCommand({
  key: 'listPermissions',
  title: 'List Permissions',
  description:
    'Lists who has access to a Drive file and how: the owner, people, groups, domains and anyone with the link. The connected account needs to be able to share the file.',
  input: (z) => z.object({ fileId: fileIdParameter(z) }),
  output: permissionListSchema,
  lookups: { fileId: fileLookup },
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DrivePermissionList> {
    const { items } = await listDrivePages<DrivePermission>(
      ctx,
      {
        path: `/drive/v3/files/${input.fileId}/permissions`,
        query: { fields: `nextPageToken,permissions(${PERMISSION_FIELDS})`, supportsAllDrives: true },
        items: 'permissions',
      },
      // A file has at most a few hundred grants: read them all.
      10_000,
      undefined,
      signal,
    );
    return { fileId: input.fileId, permissions: items };
  },
});
