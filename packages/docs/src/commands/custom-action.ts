import { defineCustomAction } from '@c/core';
import type { DocsContext } from '../docs-client.js';

/**
 * Custom Action: any Drive v3 call (`api: files`, the default) or Docs v1 call (`api: docs`), with
 * the connection's credentials, through core's path and header guard. JSON bodies; a binary
 * response (an export to PDF) comes back as `{contentType, size, base64}`.
 */
export const customAction = defineCustomAction<DocsContext>({
  apis: { files: ['/drive/v3/', '/upload/drive/v3/'], docs: ['/v1/documents'] },
  defaultApi: 'files',
  bodyEncoding: 'json',
  description:
    'Calls any Google Drive v3 endpoint (api files, the default, at the file API base URL) or Google Docs v1 endpoint (api docs, at the base URL) with the connection’s credentials. Object bodies are sent as JSON. JSON responses come back as they are, text as {text}, binary (an export to PDF) as {contentType, size, base64}.',
  pathDescription:
    'The path, e.g. /drive/v3/files/<id> (query fields=name,mimeType,modifiedTime), /drive/v3/files/<id>/export (query mimeType=application/pdf), /drive/v3/about (query fields=user), or with api docs /v1/documents/<id>.',
  apiDescription:
    'files: Google Drive API v3 (/drive/v3/…, /upload/drive/v3/…), the default; docs: Google Docs API v1 (/v1/documents…).',
});
