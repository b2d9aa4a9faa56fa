// The public surface of @c/docs: the connector, its client and context types, its commands with the
// types of their inputs and results, its trigger, and the API versions it speaks. Everything else (the
// HTTP client, request checks, parameter builders) is internal.
import type { CommandInput, CommandResult } from '@c/core';
import type { addTab } from './commands/add-tab.js';
import type { appendText } from './commands/append-text.js';
import type { copyFile } from './commands/copy-file.js';
import type { createComment } from './commands/create-comment.js';
import type { createDocumentFile } from './commands/create-document-file.js';
import type { createDocumentFromMarkdown } from './commands/create-document-from-markdown.js';
import type { createFolder } from './commands/create-folder.js';
import type { customAction } from './commands/custom-action.js';
import type { deleteFile } from './commands/delete-file.js';
import type { downloadFile } from './commands/download-file.js';
import type { exportDocument } from './commands/export-document.js';
import type { fetchDocumentContent } from './commands/fetch-document-content.js';
import type { fillTemplate } from './commands/fill-template.js';
import type { findAndReplace } from './commands/find-and-replace.js';
import type { getAbout } from './commands/get-about.js';
import type { getDocumentAsMarkdown } from './commands/get-document-as-markdown.js';
import type { getFile } from './commands/get-file.js';
import type { insertImage } from './commands/insert-image.js';
import type { insertTable } from './commands/insert-table.js';
import type { listComments } from './commands/list-comments.js';
import type { listFiles } from './commands/list-files.js';
import type { listPermissions } from './commands/list-permissions.js';
import type { listSharedDrives } from './commands/list-shared-drives.js';
import type { moveFile } from './commands/move-file.js';
import type { removePermission } from './commands/remove-permission.js';
import type { replyToComment } from './commands/reply-to-comment.js';
import type { restoreFile } from './commands/restore-file.js';
import type { searchDocuments } from './commands/search-documents.js';
import type { shareFile } from './commands/share-file.js';
import type { trashFile } from './commands/trash-file.js';
import type { updateDocumentContent } from './commands/update-document-content.js';
import type { updateFile } from './commands/update-file.js';
import type { uploadFile } from './commands/upload-file.js';
import type { writeMarkdown } from './commands/write-markdown.js';

export { addTab } from './commands/add-tab.js';
export { appendText } from './commands/append-text.js';
export { copyFile } from './commands/copy-file.js';
export { createComment } from './commands/create-comment.js';
export { createDocumentFile } from './commands/create-document-file.js';
export { createDocumentFromMarkdown } from './commands/create-document-from-markdown.js';
export { createFolder } from './commands/create-folder.js';
export { customAction } from './commands/custom-action.js';
export { deleteFile } from './commands/delete-file.js';
export { DOWNLOAD_LIMIT, downloadFile } from './commands/download-file.js';
export { EXPORT_FORMATS, exportDocument } from './commands/export-document.js';
export { fetchDocumentContent } from './commands/fetch-document-content.js';
export { fillTemplate } from './commands/fill-template.js';
export { findAndReplace } from './commands/find-and-replace.js';
export { getAbout } from './commands/get-about.js';
export { getDocumentAsMarkdown } from './commands/get-document-as-markdown.js';
export { getFile } from './commands/get-file.js';
export { insertImage } from './commands/insert-image.js';
export { insertTable } from './commands/insert-table.js';
export { listComments } from './commands/list-comments.js';
export { listFiles } from './commands/list-files.js';
export { listPermissions } from './commands/list-permissions.js';
export { listSharedDrives } from './commands/list-shared-drives.js';
export { moveFile } from './commands/move-file.js';
export { removePermission } from './commands/remove-permission.js';
export { replyToComment } from './commands/reply-to-comment.js';
export { restoreFile } from './commands/restore-file.js';
export { searchDocuments } from './commands/search-documents.js';
export { shareFile } from './commands/share-file.js';
export { trashFile } from './commands/trash-file.js';
export { updateDocumentContent } from './commands/update-document-content.js';
export { updateFile } from './commands/update-file.js';
export { CONVERSIONS, RESUMABLE_THRESHOLD, uploadFile } from './commands/upload-file.js';
export { writeMarkdown } from './commands/write-markdown.js';
export {
  DOCS_API_VERSION,
  type DocsContext,
  type DocsCredentials,
  type DocsOptions,
  GOOGLE_DOCS_MIME_TYPE,
} from './docs-client.js';
export { type DocsClient, docs } from './docs-connector.js';
export type { DocsRequest } from './docs-requests.js';
export type {
  DocsApiResponse,
  DocsBatchUpdateResult,
  DocsBody,
  DocsCreatedDocument,
  DocsDocument,
  DocsFileList,
  DocsFileSummary,
  DocsParagraph,
  DocsParagraphElement,
  DocsStructuralElement,
  DocsTab,
  DocsTabProperties,
  DocsTextRun,
} from './docs-schemas.js';
export type { DriveComment, DriveCommentList, DriveReply } from './schemas/comments.js';
export type {
  DocsAddedTab,
  DocsAppended,
  DocsFilledTemplate,
  DocsInserted,
  DocsInsertedImage,
  DocsReplaced,
} from './schemas/edits.js';
export type { DocsExport, DriveDownload, DriveSharedDrive, DriveSharedDriveList } from './schemas/export.js';
export type { DriveAbout, DriveDeleted, DriveFile, DriveFileList } from './schemas/files.js';
export type { DocsCreatedFromMarkdown, DocsMarkdown, DocsMarkdownWrite } from './schemas/markdown.js';
export type { DrivePermission, DrivePermissionList, DriveRemovedPermission } from './schemas/sharing.js';
export {
  DRIVE_CHANNEL_LIFETIME_MS,
  type DriveFileChange,
  type FileChangedState,
  fileChanged,
  verifyDriveNotification,
} from './triggers/file-changed.js';

/** What Fetch Document Content takes: `documentId` (an id or the web address) and `tabId`. */
export type FetchDocumentContentInput = CommandInput<typeof fetchDocumentContent>;
/** Fetch Document Content's result (a `DocsDocument`). */
export type FetchDocumentContentResult = CommandResult<typeof fetchDocumentContent>;
/** What Update Document Content takes: `documentId`, `requests`, `tabId`, `requiredRevisionId`. */
export type UpdateDocumentContentInput = CommandInput<typeof updateDocumentContent>;
/** Update Document Content's result (a `DocsBatchUpdateResult`). */
export type UpdateDocumentContentResult = CommandResult<typeof updateDocumentContent>;
/** What Search Documents takes: `name`. */
export type SearchDocumentsInput = CommandInput<typeof searchDocuments>;
/** Search Documents' result (a `DocsFileList`). */
export type SearchDocumentsResult = CommandResult<typeof searchDocuments>;
/** What Create Document File takes: `name`. */
export type CreateDocumentFileInput = CommandInput<typeof createDocumentFile>;
/** Create Document File's result (a `DocsCreatedDocument`). */
export type CreateDocumentFileResult = CommandResult<typeof createDocumentFile>;
/** What Custom Action takes: `method`, `path`, `query`, `body`, `headers`, `api`. */
export type CustomActionInput = CommandInput<typeof customAction>;
/** Custom Action's result (a `DocsApiResponse`). */
export type CustomActionResult = CommandResult<typeof customAction>;
/** What Get Document As Markdown takes: `documentId` (an id or the web address) and `tabId`. */
export type GetDocumentAsMarkdownInput = CommandInput<typeof getDocumentAsMarkdown>;
/** Get Document As Markdown's result (a `DocsMarkdown`). */
export type GetDocumentAsMarkdownResult = CommandResult<typeof getDocumentAsMarkdown>;
/** What Write Markdown takes: `documentId`, `markdown`, `mode`, `heading`, `tabId`. */
export type WriteMarkdownInput = CommandInput<typeof writeMarkdown>;
/** Write Markdown's result (a `DocsMarkdownWrite`). */
export type WriteMarkdownResult = CommandResult<typeof writeMarkdown>;
/** What Create Document From Markdown takes: `title`, `markdown`, `folderId`. */
export type CreateDocumentFromMarkdownInput = CommandInput<typeof createDocumentFromMarkdown>;
/** Create Document From Markdown's result (a `DocsCreatedFromMarkdown`). */
export type CreateDocumentFromMarkdownResult = CommandResult<typeof createDocumentFromMarkdown>;
/** What Append Text takes. */
export type AppendTextInput = CommandInput<typeof appendText>;
/** Append Text's result. */
export type AppendTextResult = CommandResult<typeof appendText>;
/** What Find And Replace takes. */
export type FindAndReplaceInput = CommandInput<typeof findAndReplace>;
/** Find And Replace's result. */
export type FindAndReplaceResult = CommandResult<typeof findAndReplace>;
/** What Add Tab takes. */
export type AddTabInput = CommandInput<typeof addTab>;
/** Add Tab's result. */
export type AddTabResult = CommandResult<typeof addTab>;
/** What Get About takes. */
export type GetAboutInput = CommandInput<typeof getAbout>;
/** Get About's result. */
export type GetAboutResult = CommandResult<typeof getAbout>;
/** What Get File takes. */
export type GetFileInput = CommandInput<typeof getFile>;
/** Get File's result. */
export type GetFileResult = CommandResult<typeof getFile>;
/** What Trash File takes. */
export type TrashFileInput = CommandInput<typeof trashFile>;
/** Trash File's result. */
export type TrashFileResult = CommandResult<typeof trashFile>;
/** What Restore File takes. */
export type RestoreFileInput = CommandInput<typeof restoreFile>;
/** Restore File's result. */
export type RestoreFileResult = CommandResult<typeof restoreFile>;
/** What Delete File takes. */
export type DeleteFileInput = CommandInput<typeof deleteFile>;
/** Delete File's result. */
export type DeleteFileResult = CommandResult<typeof deleteFile>;
/** What List Files takes. */
export type ListFilesInput = CommandInput<typeof listFiles>;
/** List Files's result. */
export type ListFilesResult = CommandResult<typeof listFiles>;
/** What Create Folder takes. */
export type CreateFolderInput = CommandInput<typeof createFolder>;
/** Create Folder's result. */
export type CreateFolderResult = CommandResult<typeof createFolder>;
/** What Move File takes. */
export type MoveFileInput = CommandInput<typeof moveFile>;
/** Move File's result. */
export type MoveFileResult = CommandResult<typeof moveFile>;
/** What Copy File takes. */
export type CopyFileInput = CommandInput<typeof copyFile>;
/** Copy File's result. */
export type CopyFileResult = CommandResult<typeof copyFile>;
/** What Update File takes. */
export type UpdateFileInput = CommandInput<typeof updateFile>;
/** Update File's result. */
export type UpdateFileResult = CommandResult<typeof updateFile>;
/** What Fill Template takes. */
export type FillTemplateInput = CommandInput<typeof fillTemplate>;
/** Fill Template's result. */
export type FillTemplateResult = CommandResult<typeof fillTemplate>;
/** What Share File takes. */
export type ShareFileInput = CommandInput<typeof shareFile>;
/** Share File's result. */
export type ShareFileResult = CommandResult<typeof shareFile>;
/** What List Permissions takes. */
export type ListPermissionsInput = CommandInput<typeof listPermissions>;
/** List Permissions's result. */
export type ListPermissionsResult = CommandResult<typeof listPermissions>;
/** What Remove Permission takes. */
export type RemovePermissionInput = CommandInput<typeof removePermission>;
/** Remove Permission's result. */
export type RemovePermissionResult = CommandResult<typeof removePermission>;
/** What List Comments takes. */
export type ListCommentsInput = CommandInput<typeof listComments>;
/** List Comments's result. */
export type ListCommentsResult = CommandResult<typeof listComments>;
/** What Create Comment takes. */
export type CreateCommentInput = CommandInput<typeof createComment>;
/** Create Comment's result. */
export type CreateCommentResult = CommandResult<typeof createComment>;
/** What Reply To Comment takes. */
export type ReplyToCommentInput = CommandInput<typeof replyToComment>;
/** Reply To Comment's result. */
export type ReplyToCommentResult = CommandResult<typeof replyToComment>;
/** What List Shared Drives takes. */
export type ListSharedDrivesInput = CommandInput<typeof listSharedDrives>;
/** List Shared Drives's result. */
export type ListSharedDrivesResult = CommandResult<typeof listSharedDrives>;
/** What Export Document takes. */
export type ExportDocumentInput = CommandInput<typeof exportDocument>;
/** Export Document's result. */
export type ExportDocumentResult = CommandResult<typeof exportDocument>;
/** What Upload File takes. */
export type UploadFileInput = CommandInput<typeof uploadFile>;
/** Upload File's result. */
export type UploadFileResult = CommandResult<typeof uploadFile>;
/** What Download File takes. */
export type DownloadFileInput = CommandInput<typeof downloadFile>;
/** Download File's result. */
export type DownloadFileResult = CommandResult<typeof downloadFile>;
/** What Insert Table takes. */
export type InsertTableInput = CommandInput<typeof insertTable>;
/** Insert Table's result. */
export type InsertTableResult = CommandResult<typeof insertTable>;
/** What Insert Image takes. */
export type InsertImageInput = CommandInput<typeof insertImage>;
/** Insert Image's result. */
export type InsertImageResult = CommandResult<typeof insertImage>;
