// Markdown in and out of Google Docs: Markdown read into blocks and written as batchUpdate requests,
// and a document's tab read back into blocks and written as Markdown, with one Markdown library
// (the mdast family: micromark with GitHub's extensions) both ways.
export { type DocumentContent, documentBlocks } from './document-blocks.js';
export { documentMarkdown } from './document-markdown.js';
export { type Block, markdownBlocks } from './markdown-blocks.js';
export { appendPlacement, type Placement, replacePlacement, sectionPlacement } from './markdown-placement.js';
export { blockRequests, plainParagraphRequests } from './markdown-requests.js';
export { canonicalMarkdown, markdownSyntaxReady } from './markdown-syntax.js';
