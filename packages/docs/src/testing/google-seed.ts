import type { ParagraphSpec } from './google-docs-document.js';
import type { TabSpec } from './google-docs-tabs.js';
import { renderPdf } from './google-drive-export.js';
import { FOLDER_MIME_TYPE } from './google-drive-folders.js';
import { type DocsSimulatorState, newFileId, type SimComment } from './google-state.js';

/** Ids of the seeded files, stable across runs. */
export interface SeededFiles {
  /** "Weekly Sync — Meeting Notes": owned by the account. */
  meetingNotesId: string;
  /** "Search Service — Technical Spec": owned by the account, shared with a colleague. */
  specId: string;
  /** "Product Launch Checklist": a colleague's, shared with the account as editor. */
  sharedChecklistId: string;
  /** "Company Handbook 2026": a colleague's, shared with the account to view only. */
  viewOnlyId: string;
  /** "Board Minutes — Confidential": a colleague's, not shared with the account (403). */
  restrictedId: string;
  /** "Old Meeting Notes (2024)": in the account's trash. */
  trashedId: string;
  /** "Contracts": a folder in My Drive, holding the PDF. */
  contractsFolderId: string;
  /** "Budget 2026": a spreadsheet, not a document. */
  spreadsheetId: string;
  /** "Vendor contract.pdf": a PDF file. */
  pdfId: string;
  /** "Team Wiki": owned by the account, with several tabs and a child tab. */
  wikiId: string;
}

/** Tab ids of the seeded "Team Wiki", stable across runs. */
export const WIKI_TABS = {
  overview: 't.0',
  onboarding: 't.4n8wq2k0x1zb',
  firstWeek: 't.c7h2m9p4r6st',
  runbooks: 't.r5u8n3b1k9qd',
} as const;

const h = (text: string, level: 1 | 2 | 3): ParagraphSpec => ({
  text,
  style: { namedStyleType: `HEADING_${level}` },
});
const p = (text: string): ParagraphSpec => ({ text });
const title = (text: string): ParagraphSpec => ({ text, style: { namedStyleType: 'TITLE' } });
const bullet = (label: string, rest: string): ParagraphSpec => ({
  runs: [{ text: label, style: { bold: true } }, { text: rest }],
  style: { namedStyleType: 'NORMAL_TEXT', indentStart: { magnitude: 18, unit: 'PT' } },
});

const MEETING_NOTES: ParagraphSpec[] = [
  title('Weekly Sync — Meeting Notes'),
  p('Date: Monday, 9 November 2026 · 10:00–10:45 CET'),
  p('Attendees: Alex Rivera, Morgan Lee, Priya Natarajan, Tomás García'),
  h('Agenda', 1),
  p('1. Search service latency regression'),
  p('2. Launch checklist status'),
  p('3. Hiring update'),
  h('Notes', 1),
  p(
    'Latency: p95 for /search rose from 180 ms to 410 ms after the index rebuild on Thursday. Priya traced it to the new tokenizer; a fix is in review.',
  ),
  p('Launch: 14 of 19 checklist items are done. Legal review of the privacy notice is the main open item.'),
  p('Hiring: two backend candidates are at the final round; Morgan is collecting feedback by Wednesday.'),
  h('Action items', 1),
  bullet('Priya', ' — ship the tokenizer fix and rerun the load test (due Wed)'),
  bullet('Morgan', ' — chase legal on the privacy notice (due Thu)'),
  bullet('Alex', ' — update the launch checklist and share it with support (due Fri)'),
  { runs: [{ text: 'Next meeting: ' }, { text: 'Monday, 16 November 2026', style: { italic: true } }] },
];

const SPEC: ParagraphSpec[] = [
  title('Search Service — Technical Spec'),
  { runs: [{ text: 'Status: ', style: { bold: true } }, { text: 'Draft for review · Owner: Alex Rivera' }] },
  h('1. Overview', 1),
  p(
    'The search service answers full-text queries over product documentation and support articles. It replaces the legacy SQL LIKE search with an inverted index served from memory.',
  ),
  h('2. Goals', 1),
  p('Answer 95% of queries within 200 ms at 500 queries per second.'),
  p('Rank results by relevance with title matches weighted above body matches.'),
  p('Reindex a changed article within 60 seconds.'),
  h('3. Non-goals', 1),
  p('Semantic (vector) search; personalised ranking.'),
  h('4. API', 1),
  {
    runs: [
      {
        text: 'GET /v2/search?q=<text>&limit=<n>',
        style: { weightedFontFamily: { fontFamily: 'Roboto Mono', weight: 400 } },
      },
      { text: ' returns the matching articles, best first, with highlighted snippets.' },
    ],
  },
  h('5. Rollout', 1),
  p('Shadow traffic for one week, then 10%, 50% and 100% of users, each step gated on the latency goal.'),
];

const CHECKLIST: ParagraphSpec[] = [
  title('Product Launch Checklist'),
  p('Owner: Morgan Lee · Launch date: 1 December 2026'),
  h('Before launch', 1),
  p('☑ Pricing page approved'),
  p('☑ Support articles published'),
  p('☐ Privacy notice reviewed by legal'),
  p('☐ Status page component added'),
  h('Launch day', 1),
  p('☐ Announcement email scheduled for 09:00 CET'),
  p('☐ On-call rota confirmed'),
];

const HANDBOOK: ParagraphSpec[] = [
  title('Company Handbook 2026'),
  h('Working hours', 1),
  p('Core hours are 10:00–16:00 in your local time zone. Outside them, plan your day as you see fit.'),
  h('Time off', 1),
  p('Everyone has 28 days of paid leave a year, plus public holidays where they live.'),
  h('Expenses', 1),
  p('Submit receipts within 30 days. Travel over 500 EUR needs approval before booking.'),
];

const BOARD_MINUTES: ParagraphSpec[] = [
  title('Board Minutes — Confidential'),
  p('Present: the board. Items: budget approval, acquisition talks. Not for distribution.'),
];

const OLD_NOTES: ParagraphSpec[] = [
  title('Old Meeting Notes (2024)'),
  p('Superseded by the weekly sync notes.'),
];

const WIKI: TabSpec[] = [
  {
    id: WIKI_TABS.overview,
    title: 'Overview',
    paragraphs: [title('Team Wiki'), p('Everything the search team needs, one tab per topic.')],
  },
  {
    id: WIKI_TABS.onboarding,
    title: 'Onboarding',
    iconEmoji: '👋',
    paragraphs: [
      h('Onboarding', 1),
      p('Welcome aboard! Start with the accounts list and the architecture talk.'),
    ],
    childTabs: [
      {
        id: WIKI_TABS.firstWeek,
        title: 'First week',
        paragraphs: [h('Your first week', 2), p('Day 1: laptop, accounts, and lunch with the team.')],
      },
    ],
  },
  {
    id: WIKI_TABS.runbooks,
    title: 'Runbooks',
    paragraphs: [h('Runbooks', 1), p('Reindexing: run the rebuild job, then watch p95 latency for an hour.')],
  },
];

/** Two comments on the meeting notes: an open one with a reply, and one resolved by its reply. */
function seededComments(me: string, colleague: string): SimComment[] {
  const at = (hours: number) => BASE + hours * HOUR;
  return [
    {
      id: 'AAABsbxOpenQ1',
      author: colleague,
      content: 'Can we move the retro to Thursday?',
      quotedText: 'Retro',
      createdTime: at(171),
      modifiedTime: at(172),
      resolved: false,
      deleted: false,
      replies: [
        {
          id: 'AAABsbxReply1',
          author: 'priya@example.com',
          content: 'Thursday works for me.',
          createdTime: at(172),
          modifiedTime: at(172),
          deleted: false,
        },
      ],
    },
    {
      id: 'AAABsbxDoneQ2',
      author: me,
      content: 'Add the owner of each action item.',
      createdTime: at(160),
      modifiedTime: at(165),
      resolved: true,
      deleted: false,
      replies: [
        {
          id: 'AAABsbxReply2',
          author: colleague,
          content: 'Done.',
          action: 'resolve',
          createdTime: at(165),
          modifiedTime: at(165),
          deleted: false,
        },
      ],
    },
  ];
}

/** Start of the seeded timeline: every seeded file was created and edited in early November 2026. */
const BASE = Date.parse('2026-11-02T09:00:00.000Z');
const HOUR = 3_600_000;

/**
 * Fills the state with the sandbox's files: documents with real text (meeting notes, a technical
 * spec), one shared for editing, one shared to view only, one the account cannot access, one in
 * the trash, one with several tabs (one of them nested), and two files that are not documents.
 * Ids are stable, so they can be documented.
 */
export function seedDocsSandbox(state: DocsSimulatorState): SeededFiles {
  const me = state.currentUser;
  const colleague = state.addUser('morgan@example.com', 'Morgan Lee').email;
  state.addUser('priya@example.com', 'Priya Natarajan');
  const ids: SeededFiles = {
    meetingNotesId: newFileId('sandbox:meeting-notes'),
    specId: newFileId('sandbox:spec'),
    sharedChecklistId: newFileId('sandbox:checklist'),
    viewOnlyId: newFileId('sandbox:handbook'),
    restrictedId: newFileId('sandbox:board-minutes'),
    trashedId: newFileId('sandbox:old-notes'),
    spreadsheetId: newFileId('sandbox:budget'),
    pdfId: newFileId('sandbox:contract'),
    contractsFolderId: newFileId('sandbox:contracts-folder'),
    wikiId: newFileId('sandbox:wiki'),
  };
  const notes = state.createDocument({
    id: ids.meetingNotesId,
    title: 'Weekly Sync — Meeting Notes',
    paragraphs: MEETING_NOTES,
    owner: me,
    sharedWith: { [colleague]: 'writer', 'priya@example.com': 'commenter' },
    createdTime: BASE,
    modifiedTime: BASE + 170 * HOUR,
    starred: true,
  });
  state.createDocument({
    id: ids.specId,
    title: 'Search Service — Technical Spec',
    paragraphs: SPEC,
    owner: me,
    sharedWith: { [colleague]: 'writer' },
    createdTime: BASE + 2 * HOUR,
    modifiedTime: BASE + 150 * HOUR,
  });
  state.createDocument({
    id: ids.sharedChecklistId,
    title: 'Product Launch Checklist',
    paragraphs: CHECKLIST,
    owner: colleague,
    sharedWith: { [me]: 'writer' },
    createdTime: BASE + 5 * HOUR,
    modifiedTime: BASE + 120 * HOUR,
  });
  state.createDocument({
    id: ids.viewOnlyId,
    title: 'Company Handbook 2026',
    paragraphs: HANDBOOK,
    owner: colleague,
    sharedWith: { [me]: 'reader' },
    createdTime: BASE - 300 * HOUR,
    modifiedTime: BASE + 24 * HOUR,
  });
  state.createDocument({
    id: ids.restrictedId,
    title: 'Board Minutes — Confidential',
    paragraphs: BOARD_MINUTES,
    owner: colleague,
    createdTime: BASE + 30 * HOUR,
    modifiedTime: BASE + 31 * HOUR,
  });
  state.createDocument({
    id: ids.trashedId,
    title: 'Old Meeting Notes (2024)',
    paragraphs: OLD_NOTES,
    owner: me,
    createdTime: BASE - 5000 * HOUR,
    modifiedTime: BASE + 10 * HOUR,
    trashed: true,
  });
  state.createDocument({
    id: ids.wikiId,
    title: 'Team Wiki',
    tabs: WIKI,
    owner: me,
    createdTime: BASE + 6 * HOUR,
    modifiedTime: BASE + 90 * HOUR,
  });
  state.addFile({
    id: ids.spreadsheetId,
    name: 'Budget 2026',
    mimeType: 'application/vnd.google-apps.spreadsheet',
    owner: me,
    createdTime: BASE + 3 * HOUR,
    modifiedTime: BASE + 60 * HOUR,
  });
  state.addFile({
    id: ids.contractsFolderId,
    name: 'Contracts',
    mimeType: FOLDER_MIME_TYPE,
    owner: me,
    createdTime: BASE + 4 * HOUR,
    modifiedTime: BASE + 4 * HOUR,
  });
  const pdf = state.addFile({
    id: ids.pdfId,
    name: 'Vendor contract.pdf',
    mimeType: 'application/pdf',
    content: renderPdf('Vendor contract', [
      {
        startIndex: 1,
        endIndex: 62,
        paragraph: {
          elements: [
            {
              startIndex: 1,
              endIndex: 62,
              textRun: { content: 'Master services agreement between Example Ltd and Acme GmbH.\n' },
            },
          ],
        },
      },
    ]),
    owner: me,
    createdTime: BASE + 4 * HOUR,
    modifiedTime: BASE + 4 * HOUR,
  });
  pdf.parents = [ids.contractsFolderId];
  notes.comments = seededComments(me, colleague);
  for (const [n, name] of ['Engineering', 'Marketing Assets'].entries()) {
    const id = `0A${newFileId(`sandbox:drive:${name}`).slice(1, 18)}Uk9PVA`;
    state.sharedDrives.set(id, {
      id,
      name,
      createdTime: BASE - (200 - n) * HOUR,
      hidden: false,
      members: { [me]: n === 0 ? 'organizer' : 'writer', [colleague]: 'organizer' },
    });
  }
  return ids;
}
