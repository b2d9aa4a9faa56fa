import { type ConnectorClient, defineConnector } from '@c/core';
import { addTab } from './commands/add-tab.js';
import { appendText } from './commands/append-text.js';
import { copyFile } from './commands/copy-file.js';
import { createComment } from './commands/create-comment.js';
import { createDocumentFile } from './commands/create-document-file.js';
import { createDocumentFromMarkdown } from './commands/create-document-from-markdown.js';
import { createFolder } from './commands/create-folder.js';
import { customAction } from './commands/custom-action.js';
import { deleteFile } from './commands/delete-file.js';
import { downloadFile } from './commands/download-file.js';
import { exportDocument } from './commands/export-document.js';
import { fetchDocumentContent } from './commands/fetch-document-content.js';
import { fillTemplate } from './commands/fill-template.js';
import { findAndReplace } from './commands/find-and-replace.js';
import { getAbout } from './commands/get-about.js';
import { getDocumentAsMarkdown } from './commands/get-document-as-markdown.js';
import { getFile } from './commands/get-file.js';
import { insertImage } from './commands/insert-image.js';
import { insertTable } from './commands/insert-table.js';
import { listComments } from './commands/list-comments.js';
import { listFiles } from './commands/list-files.js';
import { listPermissions } from './commands/list-permissions.js';
import { listSharedDrives } from './commands/list-shared-drives.js';
import { moveFile } from './commands/move-file.js';
import { removePermission } from './commands/remove-permission.js';
import { replyToComment } from './commands/reply-to-comment.js';
import { restoreFile } from './commands/restore-file.js';
import { searchDocuments } from './commands/search-documents.js';
import { shareFile } from './commands/share-file.js';
import { trashFile } from './commands/trash-file.js';
import { updateDocumentContent } from './commands/update-document-content.js';
import { updateFile } from './commands/update-file.js';
import { uploadFile } from './commands/upload-file.js';
import { writeMarkdown } from './commands/write-markdown.js';
import {
  createDocsContext,
  DOCS_SCOPES,
  docsCredentials,
  docsOptions,
  GOOGLE_AUTHORIZATION_URL,
  GOOGLE_TOKEN_URL,
} from './docs-client.js';
import { fileChanged } from './triggers/file-changed.js';

/** Every command of the connector, by key. */
const commands = {
  fetchDocumentContent,
  updateDocumentContent,
  searchDocuments,
  createDocumentFile,
  getDocumentAsMarkdown,
  writeMarkdown,
  createDocumentFromMarkdown,
  appendText,
  findAndReplace,
  addTab,
  getFile,
  trashFile,
  restoreFile,
  deleteFile,
  getAbout,
  listFiles,
  createFolder,
  moveFile,
  copyFile,
  updateFile,
  fillTemplate,
  shareFile,
  listPermissions,
  removePermission,
  listComments,
  createComment,
  replyToComment,
  exportDocument,
  listSharedDrives,
  uploadFile,
  downloadFile,
  insertTable,
  insertImage,
  customAction,
};

/** The commands by area: what an agent enables together, what the CLI and the UI fold under one heading. */
const toolsets = {
  core: {
    title: 'Most used',
    description: 'Read, edit, find and create documents.',
    commands: [
      'fetchDocumentContent',
      'getDocumentAsMarkdown',
      'writeMarkdown',
      'createDocumentFromMarkdown',
      'updateDocumentContent',
      'searchDocuments',
      'createDocumentFile',
    ],
  },
  markdown: {
    title: 'Markdown',
    description: 'Write documents from Markdown, with their formatting, and read them back as Markdown.',
    commands: ['createDocumentFromMarkdown', 'getDocumentAsMarkdown', 'writeMarkdown'],
  },
  documents: {
    title: 'Documents',
    description: 'Read a document’s structure, edit it with batch updates, create one.',
    commands: [
      'fetchDocumentContent',
      'updateDocumentContent',
      'createDocumentFile',
      'appendText',
      'findAndReplace',
      'addTab',
      'fillTemplate',
      'exportDocument',
      'insertTable',
      'insertImage',
    ],
  },
  files: {
    title: 'Files',
    description: 'Find documents in Drive, read a file’s details, trash, restore or delete it.',
    commands: [
      'searchDocuments',
      'getFile',
      'trashFile',
      'restoreFile',
      'deleteFile',
      'listFiles',
      'createFolder',
      'moveFile',
      'copyFile',
      'updateFile',
      'shareFile',
      'listPermissions',
      'removePermission',
      'listSharedDrives',
      'uploadFile',
      'downloadFile',
    ],
  },
  comments: {
    title: 'Comments',
    description: 'Read the comments on a file, add one, reply to it and resolve it.',
    commands: ['listComments', 'createComment', 'replyToComment'],
  },
  account: {
    title: 'Account',
    description: 'The connected Google account and its storage.',
    commands: ['getAbout'],
  },
  advanced: {
    title: 'Advanced',
    description: 'Any Docs or Drive API call the other commands do not make.',
    commands: ['customAction'],
  },
};

/**
 * The Google Docs connector: fetch a document's structure, apply checked batch updates, search
 * Google Docs by name, create documents, and a Custom Action on the Docs and Drive APIs.
 */
export const docs = defineConnector({
  id: 'docs',
  title: 'Google Docs',
  description:
    'Reads, edits, searches and creates Google Docs documents (Google Docs API v1 and Google Drive API v3) for a connected Google account.',
  credentials: docsCredentials,
  options: docsOptions,
  auth: {
    type: 'oauth2',
    authorizationUrl: GOOGLE_AUTHORIZATION_URL,
    tokenUrl: GOOGLE_TOKEN_URL,
    scopes: [...DOCS_SCOPES],
    // Offline access with consent each time, so that Google hands out a refresh token.
    authorizationParams: { access_type: 'offline', prompt: 'consent' },
  },
  env: {
    C_DOCS_ACCESS_TOKEN: 'credentials.accessToken',
    C_DOCS_REFRESH_TOKEN: 'credentials.refreshToken',
    C_DOCS_CLIENT_ID: 'credentials.clientId',
    C_DOCS_CLIENT_SECRET: 'credentials.clientSecret',
    C_DOCS_BASE_URL: 'baseUrl',
    C_DOCS_FILE_API_BASE_URL: 'fileApiBaseUrl',
    C_DOCS_TOKEN_URL: 'tokenUrl',
  },
  commands,
  toolsets,
  triggers: { fileChanged },
  createContext: createDocsContext,
  verify: (ctx) =>
    ctx.http.request({ method: 'GET', api: 'files', path: '/drive/v3/about', query: { fields: 'user' } }),
  // Loaded only when a sandbox or a test asks: the simulator needs msw and the contracts.
  simulator: async () => (await import('./testing/index.js')).docsSimulator,
});

/** A connected Google Docs client: `docs.connect(…)`, its `run` typed by each command's schemas. */
export type DocsClient = ConnectorClient<typeof commands>;
