import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { fileLookup } from '../docs-lookups.js';
import { type DriveRemovedPermission, removedPermissionSchema } from '../schemas/sharing.js';
import { fileIdParameter } from './drive-parameters.js';

/** Remove Permission: `DELETE {fileApiBaseUrl}/drive/v3/files/{id}/permissions/{permissionId}`. */
export const removePermission = defineCommand({
  key: 'removePermission',
  title: 'Remove Permission',
  description:
    'Takes away someone’s access to a Drive file (a person, group, domain, or the link for anyone), by the permission id List Permissions shows. The owner’s access cannot be removed.',
  input: (z) =>
    z.object({
      fileId: fileIdParameter(z),
      permissionId: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a permission id, as List Permissions shows it')
        .meta({
          title: 'Permission ID',
          description: 'Whose access to remove: its id from List Permissions.',
        }),
    }),
  output: removedPermissionSchema,
  lookups: {
    fileId: fileLookup,
    permissionId: {
      noun: 'people with access',
      command: 'listPermissions',
      input: { fileId: '{param:fileId}' },
      needs: ['fileId'],
      items: 'permissions',
      where: 'id',
      value: 'id',
      label: ['emailAddress', 'domain', '{type}: {role}'],
      detail: ['{role}'],
    },
  },
  annotations: { destructive: true, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DriveRemovedPermission> {
    await ctx.http.request({
      method: 'DELETE',
      api: 'files',
      path: `/drive/v3/files/${input.fileId}/permissions/${input.permissionId}`,
      query: { supportsAllDrives: true },
      signal,
    });
    return { fileId: input.fileId, permissionId: input.permissionId, removed: true };
  },
});
