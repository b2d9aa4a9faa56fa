export { createDocumentFile } from './commands/create-document-file.js';
export { customAction } from './commands/custom-action.js';
export { fetchDocumentContent } from './commands/fetch-document-content.js';
export {
  DOCS_FILES_QUERY,
  driveNameTerms,
  searchDocuments,
  searchDocumentsQuery,
} from './commands/search-documents.js';
export { updateDocumentContent } from './commands/update-document-content.js';
export {
  createDocsContext,
  DOCS_BASE_URL,
  DOCS_SCOPES,
  type DocsContext,
  type DocsCredentials,
  type DocsOptions,
  docsCredentials,
  docsOptions,
  FILE_API_BASE_URL,
  GOOGLE_AUTHORIZATION_URL,
  GOOGLE_TOKEN_URL,
  parseGoogleError,
} from './docs-client.js';
export { docs } from './docs-connector.js';
export {
  checkAgainstSchema,
  type DiscoverySchema,
  type DiscoverySchemas,
  type SchemaIssue,
  type SchemaVisitor,
} from './docs-discovery.js';
export {
  type DocumentReference,
  documentIdParameter,
  documentReferenceParameter,
  documentUrl,
  parseDocumentId,
  tabIdParameter,
} from './docs-document-id.js';
export {
  applyDefaultTab,
  checkDocsRequests,
  DOCS_DISCOVERY_REVISION,
  DOCS_REQUEST_TYPES,
  type DocsRequest,
  insertionOrderWarnings,
} from './docs-requests.js';
export type {
  CreateDocumentFileResult,
  DocsBatchUpdateResult,
  DocsBody,
  DocsDocument,
  DocsFileSummary,
  DocsParagraph,
  DocsParagraphElement,
  DocsStructuralElement,
  DocsTab,
  DocsTabProperties,
  DocsTextRun,
  SearchDocumentsResult,
} from './docs-types.js';
