import type { DocsContext } from '../docs-client.js';
import type { DriveFile } from '../schemas/files.js';

/** The MIME type of a Drive folder. */
export const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';

/** The fields the file commands ask Drive for. */
export const FILE_FIELDS = 'id,name,mimeType,trashed,parents,webViewLink,modifiedTime,size';

/** `PATCH {fileApiBaseUrl}/drive/v3/files/{id}` with a metadata change; returns the file. */
export async function updateFileMetadata(
  ctx: DocsContext,
  fileId: string,
  metadata: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<DriveFile> {
  const { data } = await ctx.http.request<DriveFile>({
    method: 'PATCH',
    api: 'files',
    path: `/drive/v3/files/${fileId}`,
    query: { fields: FILE_FIELDS, supportsAllDrives: true },
    json: metadata,
    responseType: 'json',
    // The same change again leaves the file as it is: safe to retry.
    idempotent: true,
    signal,
  });
  return data;
}
