/** A run of text with one style, inside a paragraph. */
export interface DocsTextRun {
  content?: string;
  textStyle?: Record<string, unknown>;
  [field: string]: unknown;
}

/** One element of a paragraph: a text run, or an inline object, a break, a chip… */
export interface DocsParagraphElement {
  startIndex?: number;
  endIndex?: number;
  textRun?: DocsTextRun;
  [field: string]: unknown;
}

/** A paragraph: its elements and its style (named style, alignment, heading id…). */
export interface DocsParagraph {
  elements?: DocsParagraphElement[];
  paragraphStyle?: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * One structural element of the body: a paragraph, a section break, a table or a table of
 * contents. Indexes count UTF-16 code units; Google leaves out a `startIndex` of 0.
 */
export interface DocsStructuralElement {
  startIndex?: number;
  endIndex?: number;
  paragraph?: DocsParagraph;
  sectionBreak?: Record<string, unknown>;
  table?: Record<string, unknown>;
  tableOfContents?: Record<string, unknown>;
}

/** The body of a document tab: its structural elements in order. */
export interface DocsBody {
  content?: DocsStructuralElement[];
}

/** A tab's properties: its id (as in `?tab=` of its address), title and place among its siblings. */
export interface DocsTabProperties {
  tabId: string;
  title?: string;
  /** Zero-based position among the tabs at its level. */
  index?: number;
  /** Set for a child tab: the tab it is nested in. */
  parentTabId?: string;
  /** 0 for a tab at the top level. */
  nestingLevel?: number;
  iconEmoji?: string;
  [field: string]: unknown;
}

/** A tab of a document, with its content and the tabs nested in it. */
export interface DocsTab {
  tabProperties: DocsTabProperties;
  /** The tab's content: `body`, `documentStyle`, `namedStyles`, `lists`… */
  documentTab?: { body?: DocsBody; [field: string]: unknown };
  childTabs?: DocsTab[];
}

/**
 * A Google Docs document as Fetch Document Content returns it: `documents.get` with every tab
 * (`tabs`, child tabs nested in `childTabs`), and `body` the body of the first tab or of the tab
 * asked for.
 */
export interface DocsDocument {
  documentId: string;
  title: string;
  /** Present only when the account may edit the document. */
  revisionId?: string;
  tabs?: DocsTab[];
  body?: DocsBody;
  [field: string]: unknown;
}

/** The result of `documents.batchUpdate`, plus warnings about the order of the requests. */
export interface DocsBatchUpdateResult {
  documentId: string;
  /** One reply per request, in order; `{}` for requests that reply nothing. */
  replies: Record<string, unknown>[];
  /** `requiredRevisionId`: the document's revision after the update. */
  writeControl?: { requiredRevisionId?: string; targetRevisionId?: string };
  /** Present when edits were not listed in descending index order (they were sent as given). */
  warnings?: string[];
}

/** A Google Docs file found by Search Documents. */
export interface DocsFileSummary {
  id: string;
  name: string;
  modifiedTime: string;
  webViewLink: string;
}

/** The result of Search Documents. */
export interface SearchDocumentsResult {
  files: DocsFileSummary[];
  /** Present (true) when Drive said the listing may have missed some shared drives. */
  incompleteSearch?: boolean;
}

/** The result of Create Document File. */
export interface CreateDocumentFileResult {
  documentId: string;
  title: string;
  /** The document's web address. */
  url: string;
}
