import { defineCommand, type Zod } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentIdParameter, tabIdParameter } from '../docs-document-id.js';
import { documentLookup } from '../docs-lookups.js';
import {
  applyDefaultTab,
  checkDocsRequests,
  DOCS_REQUEST_TYPES,
  type DocsRequest,
  insertionOrderWarnings,
} from '../docs-requests.js';
import { batchUpdateResultSchema, type DocsBatchUpdateResult } from '../docs-schemas.js';
import { sendBatch } from './docs-batch.js';

const requestsParameter = (z: Zod) =>
  z
    .union([z.array(z.unknown()), z.string()])
    .transform((value, ctx): DocsRequest[] => {
      let list: unknown = value;
      if (typeof value === 'string') {
        try {
          list = JSON.parse(value);
        } catch {
          ctx.addIssue({
            code: 'custom',
            message: 'is not valid JSON (expected an array of request objects)',
          });
          return z.NEVER;
        }
      }
      if (!Array.isArray(list)) {
        const wholeBody =
          typeof list === 'object' && list !== null && Array.isArray((list as DocsRequest).requests);
        ctx.addIssue({
          code: 'custom',
          message: wholeBody
            ? 'must be the array of requests: give the value of "requests", not the whole batchUpdate body'
            : 'must be an array of Docs request objects',
        });
        return z.NEVER;
      }
      const issue = checkDocsRequests(list);
      if (issue) {
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: issue.path
            ? issue.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
            : [],
        });
        return z.NEVER;
      }
      return list as DocsRequest[];
    })
    .meta({
      title: 'Edits',
      description: `The edits, as a JSON list of Google Docs requests, each naming one kind of edit. To add a line at the start of the document: [{"insertText": {"location": {"index": 1}, "text": "Hello\\n"}}]. To replace a word everywhere: [{"replaceAllText": {"containsText": {"text": "draft", "matchCase": false}, "replaceText": "final"}}]. To make the first 5 characters bold: [{"updateTextStyle": {"range": {"startIndex": 1, "endIndex": 6}, "textStyle": {"bold": true}, "fields": "bold"}}]. Google has ${DOCS_REQUEST_TYPES.length} kinds, among them deleteContentRange, updateParagraphStyle, createParagraphBullets, insertTable, insertPerson, insertDate, insertRichLink, addDocumentTab and deleteTab. Positions are those Fetch Document Content shows (startIndex, endIndex): each tab’s text starts at 1, and an emoji counts as 2. Edits apply one after another, each moving the positions after it, so list them from the end of the document towards the start. An edit can name its tab (tabId); otherwise it goes to the tab given as Tab ID, or to the first tab.`,
    });

/** Update Document Content: `POST {baseUrl}/v1/documents/{id}:batchUpdate`. */
export const updateDocumentContent = defineCommand({
  key: 'updateDocumentContent',
  title: 'Update Document Content',
  description:
    'Edits a Google Docs document: inserts, deletes or replaces text, changes styles, adds bullets and tables, inserts people, dates and links as chips, and adds, renames or deletes tabs. Pass the edits as a list (see Edits): all of them apply or none does. Every edit is checked before anything is sent, and a mistake names the edit and the field. Edits apply in the order given; the result warns when they go from the start of the document towards the end, which shifts the positions of later edits. To be sure nobody changed the document since you read it, pass the revision you read as Required Revision ID. The connected account needs edit access. An edit is never sent twice: when the connection fails and it is unknown whether the edits were applied, the run says so instead of repeating them.',
  input: (z) =>
    z.object({
      documentId: documentIdParameter(z),
      requests: requestsParameter(z),
      tabId: tabIdParameter(
        z,
        'The tab to edit, when the document has several: its id, e.g. t.0 for the first tab or t.4n8wq2k0x1zb, as shown at the end of the tab’s link (…/edit?tab=t.4n8wq2k0x1zb). Every edit that names no tab goes to this tab (without it, to the first tab). Replacing text everywhere still covers every tab unless the edit says which.',
      ),
      requiredRevisionId: z.string().trim().min(1).optional().meta({
        title: 'Required Revision ID',
        description:
          'Apply the edits only if the document has not changed since you read it: pass the revisionId that Fetch Document Content returned. If it has changed, nothing is applied and the run fails, so you can read it again and redo the edits.',
      }),
    }),
  output: batchUpdateResultSchema,
  lookups: { documentId: documentLookup },
  annotations: { destructive: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsBatchUpdateResult> {
    const requests = input.tabId ? applyDefaultTab(input.requests, input.tabId) : input.requests;
    const warnings = insertionOrderWarnings(requests);
    // batchUpdate has no idempotency key: core sends it once and never repeats it after a failure
    // whose outcome is unknown (only refusals that prove nothing was applied are retried).
    const { data } = await sendBatch(ctx, input.documentId, requests, signal, {
      requiredRevisionId: input.requiredRevisionId,
    });
    return warnings.length > 0 ? { ...data, warnings } : data;
  },
});
