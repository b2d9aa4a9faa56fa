export type { DiscoverySchema, DiscoverySchemas } from '../docs-discovery.js';
export { renderDocument } from './docs-api.js';
export {
  checkGoogleCall,
  createDocsContractCheck,
  type DiscoveryDocument,
  type GoogleContracts,
  loadGoogleContracts,
} from './docs-contract.js';
export { InvalidRequestError, type ParagraphSpec, SimDocument, type Style } from './docs-document.js';
export { renderHtml, renderMarkdown, renderPdf, renderText } from './docs-export.js';
export { approveConsent, authorizationPage, revokeEndpoint, tokenEndpoint } from './docs-oauth.js';
export { type SeededFiles, seedDocsSandbox } from './docs-seed.js';
export {
  createDocsHandlers,
  type DocsSandbox,
  type DocsSimulatorOptions,
  startDocsSimulator,
} from './docs-simulator.js';
export {
  type AddFileOptions,
  type CreateDocumentOptions,
  DOCUMENTS_READONLY_SCOPE,
  DOCUMENTS_SCOPE,
  DocsSimulatorState,
  type DocsStateOptions,
  DRIVE_FILE_SCOPE,
  DRIVE_READONLY_SCOPE,
  DRIVE_SCOPE,
  GOOGLE_DOCS_MIME_TYPE,
  type IssuedTokens,
  newFileId,
  type Role,
  type SimAccessToken,
  type SimAuthCode,
  type SimClient,
  type SimFile,
  type SimGrant,
  type SimQuotas,
  type SimUser,
} from './docs-state.js';
export { fileResource } from './drive-api.js';
export { applyFieldMask, type FieldMask, FieldMaskError, parseFieldMask } from './drive-fields.js';
export {
  type DriveQuery,
  DriveQueryError,
  matchesDriveQuery,
  nameContainsPrefix,
  parseDriveQuery,
  type QueryContext,
  quoteDriveString,
} from './drive-query.js';
