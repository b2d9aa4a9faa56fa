import { defineCommand, defineCustomAction } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { customActionResultSchema, type DocsApiResponse } from '../docs-schemas.js';

const base = defineCustomAction<DocsContext>({
  apis: { files: ['/drive/v3/', '/upload/drive/v3/'], docs: ['/v1/documents'] },
  defaultApi: 'files',
  bodyEncoding: 'json',
  description:
    'Calls any Google Drive or Google Docs endpoint as the connected account, for what the other commands do not cover: a file’s details, an export to PDF or Word, sharing, comments, uploads. Choose the API (Google Drive unless you pick Google Docs), the method and the path, and add query parameters and a JSON body as the endpoint expects. Google’s JSON answer comes back as it is; a text answer comes back as text, and a file (an export to PDF) as its content type, size and bytes in Base64.',
  pathDescription:
    'The endpoint’s path, for example /drive/v3/files/FILE_ID for a file’s details (with the query parameter fields set to name,mimeType,modifiedTime), /drive/v3/files/FILE_ID/export to download a document in another format (query parameter mimeType set to application/pdf), /drive/v3/files/FILE_ID/permissions to see who has access, or /drive/v3/about (fields set to user) for the connected account. With the Google Docs API: /v1/documents/DOCUMENT_ID.',
  apiDescription:
    'Which Google API to call: files is Google Drive (paths starting with /drive/v3/ or /upload/drive/v3/), the default; docs is Google Docs (paths starting with /v1/documents).',
});

/** Words for the parameters whose wording in core is generic (it speaks of every provider's encodings). */
const PARAMETER_TEXT = {
  method: 'GET to read, POST to create, PATCH to change, DELETE to remove.',
  query:
    'Query parameters of the call, e.g. {"fields": "id,name,modifiedTime"} or {"mimeType": "application/pdf"} for an export.',
  body: 'The body of a POST, PATCH or PUT: an object, sent as JSON (e.g. {"name": "New name"} with PATCH /drive/v3/files/FILE_ID to rename a file), or text to upload.',
  headers:
    'Extra request headers, e.g. {"Content-Type": "text/plain"} for an upload. The connection signs the call in itself, so Authorization cannot be set.',
} as const;

/**
 * Custom Action: any Drive v3 call (`api: files`, the default) or Docs v1 call (`api: docs`), with
 * the connection's credentials, through core's path and header guard. JSON bodies; a binary
 * response (an export to PDF) comes back as `{contentType, size, base64}`.
 */
export const customAction = defineCommand({
  key: base.key,
  title: base.title,
  description: base.description,
  // A builder, so the guard's schema (and zod) is built on first use, not when this module loads.
  input: () => {
    const shape = base.input.shape;
    return base.input.extend(
      Object.fromEntries(
        Object.entries(PARAMETER_TEXT).map(([key, description]) => {
          const field = shape[key]!;
          return [key, field.meta({ ...field.meta(), description })];
        }),
      ),
    );
  },
  output: customActionResultSchema,
  annotations: base.annotations,
  run: (input, ctx: DocsContext, options) => base.run(input, ctx, options) as Promise<DocsApiResponse>,
});
