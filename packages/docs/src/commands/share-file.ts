import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { fileLookup } from '../docs-lookups.js';
import { type DrivePermission, permissionSchema } from '../schemas/sharing.js';
import { fileIdParameter } from './drive-parameters.js';

/** The permission fields the sharing commands ask Drive for. */
export const PERMISSION_FIELDS = 'id,type,role,emailAddress,domain,displayName';

/** Share File: `POST {fileApiBaseUrl}/drive/v3/files/{id}/permissions`. */
export const shareFile = defineCommand({
  key: 'shareFile',
  title: 'Share File',
  description:
    'Gives a person, a group, everyone in a domain, or anyone with the link access to a Drive file, as reader, commenter or writer (organizer roles in shared drives). Sharing again with the same person changes their role instead of adding a second grant. The connected account needs to be able to share the file.',
  input: (z) =>
    z
      .object({
        fileId: fileIdParameter(z),
        role: z.enum(['reader', 'commenter', 'writer', 'fileOrganizer', 'organizer']).meta({
          title: 'Role',
          description:
            'What they may do: reader (view), commenter, writer (edit); fileOrganizer and organizer in shared drives.',
        }),
        type: z.enum(['anyone', 'user', 'group', 'domain']).meta({
          title: 'Share With',
          description:
            'anyone who has the link, user (a person: give the email), group (give its email) or domain (everyone in it: give the domain).',
        }),
        emailAddress: z.email('must be an email address').optional().meta({
          title: 'Email',
          description: 'The person’s or group’s email address (for user and group).',
        }),
        domain: z
          .string()
          .trim()
          .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain, e.g. example.com')
          .optional()
          .meta({ title: 'Domain', description: 'The domain, e.g. example.com (for domain).' }),
        sendNotificationEmail: z.boolean().default(true).meta({
          title: 'Notify',
          description:
            'Email the person or group that the file was shared (Drive always does for a new owner).',
        }),
        message: z.string().max(10_000).optional().meta({
          title: 'Message',
          description: 'Text to add to the notification email.',
        }),
      })
      .superRefine((input, ctx) => {
        if ((input.type === 'user' || input.type === 'group') && !input.emailAddress) {
          ctx.addIssue({
            code: 'custom',
            path: ['emailAddress'],
            message: `is required to share with a ${input.type}`,
          });
        }
        if (input.type === 'domain' && !input.domain) {
          ctx.addIssue({ code: 'custom', path: ['domain'], message: 'is required to share with a domain' });
        }
      }),
  output: permissionSchema,
  lookups: { fileId: fileLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DrivePermission> {
    const notify = input.type === 'user' || input.type === 'group' ? input.sendNotificationEmail : undefined;
    const { data } = await ctx.http.request<DrivePermission>({
      method: 'POST',
      api: 'files',
      path: `/drive/v3/files/${input.fileId}/permissions`,
      query: {
        fields: PERMISSION_FIELDS,
        supportsAllDrives: true,
        sendNotificationEmail: notify,
        emailMessage: notify && input.message ? input.message : undefined,
      },
      json: {
        type: input.type,
        role: input.role,
        ...(input.emailAddress ? { emailAddress: input.emailAddress } : {}),
        ...(input.domain ? { domain: input.domain } : {}),
      },
      responseType: 'json',
      // The same grant again leaves one grant (Drive updates the role): safe to retry.
      idempotent: true,
      signal,
    });
    return data;
  },
});
