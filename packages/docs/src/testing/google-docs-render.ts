import { commentThread } from './google-docs-comment-requests.js';
import { renderSegments } from './google-docs-segments.js';
import { type SimTab, walkTabs } from './google-docs-tabs.js';
import type { DocsSimulatorState, SimComment, SimFile } from './google-state.js';

const DOCUMENT_STYLE = {
  background: { color: {} },
  pageNumberStart: 1,
  marginTop: { magnitude: 72, unit: 'PT' },
  marginBottom: { magnitude: 72, unit: 'PT' },
  marginRight: { magnitude: 72, unit: 'PT' },
  marginLeft: { magnitude: 72, unit: 'PT' },
  pageSize: { height: { magnitude: 792, unit: 'PT' }, width: { magnitude: 612, unit: 'PT' } },
  marginHeader: { magnitude: 36, unit: 'PT' },
  marginFooter: { magnitude: 36, unit: 'PT' },
  useCustomHeaderFooterMargins: true,
};

const namedStyle = (namedStyleType: string, size: number, extra: Record<string, unknown> = {}) => ({
  namedStyleType,
  textStyle: {
    bold: false,
    italic: false,
    underline: false,
    strikethrough: false,
    smallCaps: false,
    backgroundColor: {},
    foregroundColor: { color: { rgbColor: {} } },
    fontSize: { magnitude: size, unit: 'PT' },
    weightedFontFamily: { fontFamily: 'Arial', weight: 400 },
    baselineOffset: 'NONE',
    ...extra,
  },
  paragraphStyle: {
    namedStyleType,
    alignment: 'START',
    lineSpacing: 115,
    direction: 'LEFT_TO_RIGHT',
    spacingMode: 'COLLAPSE_LISTS',
    spaceAbove: { unit: 'PT' },
    spaceBelow: { unit: 'PT' },
  },
});

const NAMED_STYLES = {
  styles: [
    namedStyle('NORMAL_TEXT', 11),
    namedStyle('HEADING_1', 20),
    namedStyle('HEADING_2', 16),
    namedStyle('HEADING_3', 14, {
      foregroundColor: { color: { rgbColor: { red: 0.2627451, green: 0.2627451, blue: 0.2627451 } } },
    }),
    namedStyle('TITLE', 26),
    namedStyle('SUBTITLE', 15, {
      foregroundColor: { color: { rgbColor: { red: 0.4, green: 0.4, blue: 0.4 } } },
    }),
  ],
};

/**
 * The named styles of a tab: Google's defaults with what `updateNamedStyle` changed (a style the
 * defaults do not list, such as HEADING_4, starts from normal text's).
 */
function namedStyles(tab: SimTab) {
  const changes = tab.namedStyles ?? {};
  const defaults = NAMED_STYLES.styles;
  const extra = Object.keys(changes)
    .filter((type) => !defaults.some((style) => style.namedStyleType === type))
    .map((type) => namedStyle(type, 11));
  return {
    styles: [...defaults, ...extra].map((style) => {
      const change = changes[style.namedStyleType];
      if (!change) return style;
      return {
        ...style,
        textStyle: { ...style.textStyle, ...change.textStyle },
        paragraphStyle: { ...style.paragraphStyle, ...change.paragraphStyle },
      };
    }),
  };
}

/** A tab's content fields, as a `DocumentTab` (and, for the first tab, the legacy `Document` fields). */
function documentTab(tab: SimTab) {
  const documents = [
    tab.document,
    ...[...(tab.headers ?? []), ...(tab.footers ?? []), ...(tab.footnotes ?? [])].map((s) => s.document),
  ];
  const lists = Object.assign({}, ...documents.map((document) => document.lists()));
  const inlineObjects = Object.assign({}, ...documents.map((document) => document.inlineObjects()));
  const namedRanges = tab.document.namedRanges(tab.id);
  return {
    body: { content: tab.document.content() },
    ...renderSegments(tab, DOCUMENT_STYLE),
    namedStyles: namedStyles(tab),
    ...(Object.keys(lists).length > 0 ? { lists } : {}),
    ...(Object.keys(inlineObjects).length > 0 ? { inlineObjects } : {}),
    ...(Object.keys(namedRanges).length > 0 ? { namedRanges } : {}),
  };
}

/** A tab's properties as Google shows them: `parentTabId` and a nesting level for child tabs. */
export function tabProperties(
  tab: SimTab,
  siblings: readonly SimTab[],
  parent: SimTab | undefined,
  level: number,
) {
  return {
    tabId: tab.id,
    title: tab.title,
    index: siblings.indexOf(tab),
    ...(parent ? { parentTabId: parent.id } : {}),
    nestingLevel: level,
    ...(tab.iconEmoji ? { iconEmoji: tab.iconEmoji } : {}),
  };
}

/** The comment anchors in a tab's body, keyed by anchor id, where their text is now. */
function commentAnchors(tab: SimTab, comments: readonly SimComment[]) {
  const anchors: Record<string, unknown> = {};
  for (const comment of comments) {
    const range = comment.anchor && !comment.deleted ? tab.document.anchorRange(comment.anchor) : undefined;
    if (range) anchors[comment.anchor!] = { anchorId: comment.anchor, ranges: [{ ...range, tabId: tab.id }] };
  }
  return anchors;
}

function renderTabs(
  tabs: SimTab[],
  parent: SimTab | undefined,
  level: number,
  comments: readonly SimComment[] | undefined,
): Record<string, unknown>[] {
  return tabs.map((tab) => {
    const anchors = comments ? commentAnchors(tab, comments) : {};
    return {
      tabProperties: tabProperties(tab, tabs, parent, level),
      documentTab: {
        ...documentTab(tab),
        ...(Object.keys(anchors).length > 0 ? { commentAnchors: anchors } : {}),
      },
      ...(tab.childTabs.length > 0 ? { childTabs: renderTabs(tab.childTabs, tab, level + 1, comments) } : {}),
    };
  });
}

/** The document's suggestions as `SuggestionThread`s (a head post by the suggester, no replies). */
function suggestionThreads(state: DocsSimulatorState, file: SimFile, me: string) {
  return tabsInOrder(file).flatMap((tab) =>
    tab.document.suggestions().map((suggestion) => ({
      suggestionId: suggestion.id,
      headPost: {
        postId: suggestion.id,
        author: {
          displayName: state.users.get(suggestion.author)?.displayName ?? suggestion.author,
          me: suggestion.author === me,
        },
      },
      replies: [],
      status: 'OPEN',
      summaryText: suggestion.kind === 'insertion' ? 'Add text' : 'Delete text',
    })),
  );
}

/** How `documents.get` was asked to show the document. */
export interface RenderOptions {
  /** `suggestionsViewMode` as asked; the default depends on the account's access. */
  suggestionsViewMode?: string | undefined;
  /** `includeTabsContent` (or a `fields` mask naming `tabs`): every tab in `tabs`, no legacy fields. */
  includeTabsContent?: boolean | undefined;
  /** `commentsViewMode` as asked, echoed as the mode applied. */
  commentsViewMode?: string | undefined;
}

/**
 * The document as `documents.get` returns it. Without `includeTabsContent`, as Google does, the
 * first tab fills the legacy fields (`body`, `documentStyle`, `namedStyles`, `lists`) and `tabs` is
 * left out; with it, every tab (child tabs nested in `childTabs`) and no legacy fields. The
 * revision id is there only for those who may edit.
 */
export function renderDocument(
  state: DocsSimulatorState,
  file: SimFile,
  user: string,
  options: RenderOptions = {},
) {
  const editor = state.can(file, user, 'writer');
  const mode = options.suggestionsViewMode;
  const tabs = file.tabs!;
  const comments = options.commentsViewMode;
  const included =
    comments === 'COMMENTS_VIEW_MODE_INCLUDED' ||
    (comments === 'COMMENTS_VIEW_MODE_DEFAULT_FOR_CURRENT_ACCESS' && state.can(file, user, 'commenter'));
  const threads = included ? (file.comments ?? []).filter((comment) => !comment.deleted) : undefined;
  return {
    title: file.name,
    ...(options.includeTabsContent
      ? { tabs: renderTabs(tabs, undefined, 0, threads) }
      : documentTab(tabs[0]!)),
    ...(threads
      ? {
          comments: threads.map((comment) => commentThread(state, comment, user)),
          suggestions: suggestionThreads(state, file, user),
        }
      : {}),
    ...(editor ? { revisionId: file.revisions.at(-1) } : {}),
    suggestionsViewMode:
      mode && mode !== 'DEFAULT_FOR_CURRENT_ACCESS'
        ? mode
        : editor
          ? 'SUGGESTIONS_INLINE'
          : 'PREVIEW_WITHOUT_SUGGESTIONS',
    ...(comments
      ? {
          commentsViewMode:
            comments === 'COMMENTS_VIEW_MODE_DEFAULT_FOR_CURRENT_ACCESS'
              ? state.can(file, user, 'commenter')
                ? 'COMMENTS_VIEW_MODE_INCLUDED'
                : 'COMMENTS_VIEW_MODE_OMITTED'
              : comments === 'COMMENTS_VIEW_MODE_UNSPECIFIED'
                ? 'COMMENTS_VIEW_MODE_OMITTED'
                : comments,
        }
      : {}),
    documentId: file.id,
  };
}

/** Every tab's content in reading order (each tab, then its child tabs), for exports and search. */
export function tabsInOrder(file: SimFile): SimTab[] {
  return walkTabs(file.tabs ?? []).map((placed) => placed.tab);
}
