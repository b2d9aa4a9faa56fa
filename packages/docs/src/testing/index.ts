export type { DiscoverySchema, DiscoverySchemas } from '../docs-discovery.js';
export {
  checkGoogleCall,
  createDocsContractCheck,
  type DiscoveryDocument,
  GOOGLE_DISCOVERY_FILES,
  type GoogleContracts,
  loadGoogleContracts,
} from './docs-contract.js';
export { InvalidRequestError, type ParagraphSpec, SimDocument, type Style } from './docs-document.js';
export {
  type ExportLists,
  renderDocx,
  renderEpub,
  renderHtml,
  renderMarkdown,
  renderOdt,
  renderPdf,
  renderRtf,
  renderText,
  renderZippedHtml,
} from './docs-export.js';
export { approveConsent, authorizationPage, revokeEndpoint, tokenEndpoint } from './docs-oauth.js';
export { type RenderOptions, renderDocument } from './docs-render.js';
export { type SeededFiles, seedDocsSandbox, WIKI_TABS } from './docs-seed.js';
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
  type SharedRole,
  type SimAccessToken,
  type SimAuthCode,
  type SimClient,
  type SimFile,
  type SimGrant,
  type SimQuotas,
  type SimUser,
} from './docs-state.js';
export { findTab, type PlacedTab, type SimTab, type TabSpec, walkTabs } from './docs-tabs.js';
export { applyFieldMask, type FieldMask, FieldMaskError, parseFieldMask } from './drive-fields.js';
export { fileResource } from './drive-files.js';
export { type PermissionResource, permissionResources } from './drive-permissions.js';
export {
  type DriveQuery,
  DriveQueryError,
  matchesDriveQuery,
  nameContainsPrefix,
  parseDriveQuery,
  type QueryContext,
  quoteDriveString,
} from './drive-query.js';
export { type MultipartPart, parseMultipart } from './drive-upload.js';
