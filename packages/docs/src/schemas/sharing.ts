import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';

// Output schemas of the sharing commands (Drive permissions), one builder each.

/** A Drive permission: who has access to a file, and how. */
export const permissionSchema = (z: Zod) =>
  z
    .looseObject({
      id: z
        .string()
        .meta({ title: 'Permission ID', description: 'The permission’s id, for Remove Permission.' }),
      type: z.string().meta({
        title: 'Who',
        description: 'user (a person), group, domain (everyone in it) or anyone (with the link).',
      }),
      role: z.string().meta({
        title: 'Role',
        description: 'owner, organizer, fileOrganizer, writer, commenter or reader.',
      }),
      emailAddress: z
        .string()
        .optional()
        .meta({ title: 'Email', description: 'The person’s or group’s email address.' }),
      domain: z
        .string()
        .optional()
        .meta({ title: 'Domain', description: 'The domain, for a domain permission.' }),
      displayName: z
        .string()
        .optional()
        .meta({ title: 'Name', description: 'The person’s or group’s name.' }),
    })
    .meta(resultView({ view: 'record' }));

/** A Drive permission. */
export type DrivePermission = z.output<ReturnType<typeof permissionSchema>>;

/** List Permissions' result. */
export const permissionListSchema = (z: Zod) =>
  z
    .looseObject({
      fileId: z.string().meta({ title: 'File ID', description: 'The file whose access is listed.' }),
      permissions: z
        .array(permissionSchema(z))
        .meta({ title: 'Permissions', description: 'Everyone with access, the owner first.' }),
    })
    .meta(resultView({ view: 'table', list: 'permissions' }));

/** List Permissions' result. */
export type DrivePermissionList = z.output<ReturnType<typeof permissionListSchema>>;

/** Remove Permission's result. */
export const removedPermissionSchema = (z: Zod) =>
  z
    .looseObject({
      fileId: z.string().meta({ title: 'File ID', description: 'The file.' }),
      permissionId: z.string().meta({ title: 'Permission ID', description: 'The access removed.' }),
      removed: z.literal(true).meta({ title: 'Removed', description: 'The access is gone.' }),
    })
    .meta(resultView({ view: 'record' }));

/** Remove Permission's result. */
export type DriveRemovedPermission = z.output<ReturnType<typeof removedPermissionSchema>>;
