// The public surface of @c/docs: the connector, its commands, the types of their inputs and results,
// and the API revisions it speaks. Everything else (the HTTP client, request checks, parameter
// builders) is internal.
import type { z } from 'zod';
import type { createDocumentFile } from './commands/create-document-file.js';
import type { customAction } from './commands/custom-action.js';
import type { fetchDocumentContent } from './commands/fetch-document-content.js';
import type { searchDocuments } from './commands/search-documents.js';
import type { updateDocumentContent } from './commands/update-document-content.js';

export { createDocumentFile } from './commands/create-document-file.js';
export { customAction } from './commands/custom-action.js';
export { fetchDocumentContent } from './commands/fetch-document-content.js';
export { searchDocuments } from './commands/search-documents.js';
export { updateDocumentContent } from './commands/update-document-content.js';
export {
  DOCS_DRIVE_DISCOVERY_REVISION,
  type DocsCredentials,
  type DocsOptions,
  GOOGLE_DOCS_MIME_TYPE,
} from './docs-client.js';
export { docs } from './docs-connector.js';
export { DOCS_DISCOVERY_REVISION, type DocsRequest } from './docs-requests.js';
export type {
  CreateDocumentFileResult,
  DocsBatchUpdateResult,
  DocsBody,
  DocsCustomActionResult,
  DocsDocument,
  DocsFileSummary,
  DocsParagraph,
  DocsParagraphElement,
  DocsStructuralElement,
  DocsTab,
  DocsTabProperties,
  DocsTextRun,
  SearchDocumentsResult,
} from './docs-schemas.js';
export {
  DRIVE_CHANNEL_LIFETIME_MS,
  type DriveFileChange,
  type FileChangedState,
  fileChanged,
  verifyDriveNotification,
} from './triggers/file-changed.js';

/** What Fetch Document Content takes: `documentId` (an id or the web address) and `tabId`. */
export type FetchDocumentContentInput = z.input<typeof fetchDocumentContent.input>;
/** What Update Document Content takes: `documentId`, `requests`, `tabId`, `requiredRevisionId`. */
export type UpdateDocumentContentInput = z.input<typeof updateDocumentContent.input>;
/** What Search Documents takes: `name`. */
export type SearchDocumentsInput = z.input<typeof searchDocuments.input>;
/** What Create Document File takes: `name`. */
export type CreateDocumentFileInput = z.input<typeof createDocumentFile.input>;
/** What Custom Action takes: `method`, `path`, `query`, `body`, `headers`, `api`. */
export type DocsCustomActionInput = z.input<typeof customAction.input>;
/** Fetch Document Content's result (the same as `DocsDocument`). */
export type FetchDocumentContentResult = z.output<NonNullable<typeof fetchDocumentContent.output>>;
/** Update Document Content's result (the same as `DocsBatchUpdateResult`). */
export type UpdateDocumentContentResult = z.output<NonNullable<typeof updateDocumentContent.output>>;
