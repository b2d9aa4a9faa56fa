import { randomBytes } from 'node:crypto';
import { type ParagraphSpec, SimDocument } from './google-docs-document.js';

/** A tab to build a document from: its title, its paragraphs and its child tabs. */
export interface TabSpec {
  /** Google's form: `t.0` for a document's first tab, `t.<12 characters>` for the others. */
  id?: string;
  title?: string;
  iconEmoji?: string;
  paragraphs?: readonly ParagraphSpec[];
  childTabs?: readonly TabSpec[];
}

/** A header, footer or footnote: its id and its text (indexes from 0). */
export interface SimSegment {
  id: string;
  document: SimDocument;
  /** A later section's header or footer (named in its section break), not the document's default. */
  section?: boolean | undefined;
}

/** A tab of a Google Docs document: its properties, its content and the tabs nested in it. */
export interface SimTab {
  id: string;
  title: string;
  iconEmoji?: string | undefined;
  document: SimDocument;
  childTabs: SimTab[];
  /** What a tab holds beside its body (absent until a request sets it). */
  documentStyle?: Record<string, unknown> | undefined;
  /** Changes to the named styles, by `namedStyleType` (`updateNamedStyle`). */
  namedStyles?: Record<
    string,
    { textStyle?: Record<string, unknown>; paragraphStyle?: Record<string, unknown> }
  >;
  headers?: SimSegment[] | undefined;
  footers?: SimSegment[] | undefined;
  footnotes?: SimSegment[] | undefined;
}

/** Where a tab sits in the tree. */
export interface PlacedTab {
  tab: SimTab;
  /** The list holding it: the document's tabs or its parent's child tabs. */
  siblings: SimTab[];
  parent: SimTab | undefined;
  /** 0 for a tab at the top level. */
  level: number;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new tab id, as Google makes them (`t.` and 12 lowercase letters and digits). */
export function newTabId(): string {
  return `t.${[...randomBytes(12)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

/** Builds a document's tab tree; no specs give one blank tab, `t.0`, "Tab 1". */
export function buildTabs(specs: readonly TabSpec[] | undefined, first?: readonly ParagraphSpec[]): SimTab[] {
  let count = 0;
  const build = (spec: TabSpec): SimTab => {
    count += 1;
    return {
      id: spec.id ?? (count === 1 ? 't.0' : newTabId()),
      title: spec.title ?? `Tab ${count}`,
      iconEmoji: spec.iconEmoji,
      document: SimDocument.fromParagraphs(spec.paragraphs ?? []),
      childTabs: (spec.childTabs ?? []).map(build),
    };
  };
  return (specs && specs.length > 0 ? specs : [{ paragraphs: first ?? [] }]).map(build);
}

/** A deep copy, for a batch to change: a batch applies in full or not at all. */
export function cloneTabs(tabs: readonly SimTab[]): SimTab[] {
  const segments = (list: SimSegment[] | undefined) =>
    list?.map((segment) => ({ ...segment, document: segment.document.clone() }));
  return tabs.map((tab) => ({
    ...tab,
    document: tab.document.clone(),
    childTabs: cloneTabs(tab.childTabs),
    ...(tab.headers ? { headers: segments(tab.headers) } : {}),
    ...(tab.footers ? { footers: segments(tab.footers) } : {}),
    ...(tab.footnotes ? { footnotes: segments(tab.footnotes) } : {}),
  }));
}

/** Every tab, depth first: each tab, then its child tabs, then the next tab. */
export function walkTabs(tabs: SimTab[], parent?: SimTab, level = 0): PlacedTab[] {
  return tabs.flatMap((tab) => [
    { tab, siblings: tabs, parent, level },
    ...walkTabs(tab.childTabs, tab, level + 1),
  ]);
}

/** The tab with this id, anywhere in the tree. */
export function findTab(tabs: SimTab[], id: string): PlacedTab | undefined {
  return walkTabs(tabs).find((placed) => placed.tab.id === id);
}
