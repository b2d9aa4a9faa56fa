import { defineCommand, type Zod } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentIdParameter, tabIdParameter } from '../docs-document-id.js';
import {
  applyDefaultTab,
  checkDocsRequests,
  DOCS_REQUEST_TYPES,
  type DocsRequest,
  insertionOrderWarnings,
} from '../docs-requests.js';
import type { DocsBatchUpdateResult } from '../docs-types.js';

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
      title: 'Requests',
      description: `Docs batchUpdate requests, as an array or a string holding one, e.g. [{"insertText": {"location": {"index": 1}, "text": "Hello\\n"}}]. Each request holds exactly one of the API's ${DOCS_REQUEST_TYPES.length} request types (insertText, deleteContentRange, replaceAllText, updateTextStyle, updateParagraphStyle, createParagraphBullets, insertTable, insertPerson, insertDate, insertRichLink, addDocumentTab, deleteTab, updateDocumentTabProperties, …). Locations and ranges may name a tab (tabId); without one they are in the first tab (or the tab given as Tab ID). Indexes count UTF-16 code units from the document structure; each tab's body starts at 1. Requests apply in the order given, each shifting the indexes after it: list edits from the highest index down.`,
    });

/** Update Document Content: `POST {baseUrl}/v1/documents/{id}:batchUpdate`. */
export const updateDocumentContent = defineCommand({
  key: 'updateDocumentContent',
  title: 'Update Document Content',
  description:
    'Applies Docs batchUpdate requests to a document, atomically: all apply or none. Every request type of the current API is accepted (text, styles, bullets, tables, person, date and rich-link chips, tabs, comments and suggestions), in any tab. The list is checked before sending (known request types and fields, indexes of 1 or more, ranges that end after they start) and never reordered; the result carries warnings when edits are not in descending index order. The update is not retried when its outcome is unknown, since a repeated insert would duplicate text. Give requiredRevisionId to apply only if the document has not changed since it was read. The connected account needs edit access.',
  input: (z) =>
    z.object({
      documentId: documentIdParameter(z),
      requests: requestsParameter(z),
      tabId: tabIdParameter(
        z,
        'The tab to edit (its id, e.g. t.0, as in ?tab= of its web address): applied to every location and range that names no tab, and to requests that otherwise work on the first tab (updateDocumentStyle, deleteHeader…). Requests that name a tab keep it; replaceAllText still covers every tab unless its tabsCriteria says otherwise.',
      ),
      requiredRevisionId: z.string().trim().min(1).optional().meta({
        title: 'Required Revision Id',
        description:
          'Apply only if the document is still at this revision (the revisionId that Fetch Document Content returned); otherwise Google refuses the whole update with a 400 and nothing changes.',
      }),
    }),
  annotations: { destructive: true },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsBatchUpdateResult> {
    const requests = input.tabId ? applyDefaultTab(input.requests, input.tabId) : input.requests;
    const warnings = insertionOrderWarnings(requests);
    // batchUpdate has no idempotency key: core sends it once and never repeats it after a failure
    // whose outcome is unknown (only refusals that prove nothing was applied are retried).
    const response = await ctx.http.request<DocsBatchUpdateResult>({
      method: 'POST',
      api: 'docs',
      path: `/v1/documents/${input.documentId}:batchUpdate`,
      json: {
        requests,
        ...(input.requiredRevisionId
          ? { writeControl: { requiredRevisionId: input.requiredRevisionId } }
          : {}),
      },
      responseType: 'json',
      signal,
    });
    return warnings.length > 0 ? { ...response.data, warnings } : response.data;
  },
});
