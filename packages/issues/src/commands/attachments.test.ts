import { ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { CREATE_ATTACHMENT_MUTATION, createAttachment } from './create-attachment.js';
import { DELETE_ATTACHMENT_MUTATION, deleteAttachment } from './delete-attachment.js';
import { LIST_ATTACHMENTS_QUERY, listAttachments } from './list-attachments.js';

const h = useIssuesSimulator();
/** ENG-2 and ENG-3. */
const ENG_2 = seedUuid('issue:eng:1');
const ENG_3 = seedUuid('issue:eng:2');
const PR = 'https://github.com/acme/app/pull/42';

describe('attachments', () => {
  it('send named, typed documents that validate against Linear’s schema', () => {
    expectValidOperation(CREATE_ATTACHMENT_MUTATION, {}, 50);
    expectValidOperation(LIST_ATTACHMENTS_QUERY, { first: 250 }, 2000);
    expectValidOperation(DELETE_ATTACHMENT_MUTATION, {}, 50);
  });

  it('createAttachment links an issue to a URL; the same URL again updates it, as Linear does', async () => {
    const first = await h.client.run('createAttachment', {
      issueId: ENG_3,
      url: PR,
      title: 'PR #42',
      metadata: { state: 'open' },
    });
    expectOutput(createAttachment, first);
    expect(first).toMatchObject({
      url: PR,
      title: 'PR #42',
      subtitle: null,
      metadata: { state: 'open' },
      issue: { id: ENG_3, identifier: 'ENG-3' },
      creator: { email: 'ada@example.com' },
    });
    const again = await h.client.run('createAttachment', {
      issueId: ENG_3,
      url: PR,
      title: 'PR #42 merged',
      subtitle: 'by Ada',
      metadata: { state: 'merged' },
    });
    expect(again).toMatchObject({ id: first.id, title: 'PR #42 merged', subtitle: 'by Ada' });
    expect(again.metadata).toEqual({ state: 'merged' });
    // On another issue the same URL is another attachment.
    const other = await h.client.run('createAttachment', { issueId: ENG_2, url: PR, title: 'PR #42' });
    expect(other.id).not.toBe(first.id);
    expect(h.sim.workspace.attachments.size).toBe(2);
  });

  it('createAttachment refuses a URL that is not http(s), naming it, and sends nothing', async () => {
    const error = await failure(
      h.client.run('createAttachment', { issueId: ENG_3, url: 'javascript:alert(1)', title: 'x' }),
    );
    expect(ValidationError.isInstance(error) && error.parameter).toBe('url');
    expect(sentGraphql(h.sim)).toEqual([]);
  });

  it('listAttachments pages through an issue’s attachments; deleteAttachment removes one', async () => {
    for (const n of [1, 2, 3]) {
      await h.client.run('createAttachment', { issueId: ENG_3, url: `${PR}?n=${n}`, title: `Link ${n}` });
    }
    const page = await h.client.run('listAttachments', { issueId: ENG_3, limit: 2 });
    expectOutput(listAttachments, page);
    expect(page.nodes).toHaveLength(2);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const rest = await h.client.run('listAttachments', {
      issueId: ENG_3,
      limit: 2,
      cursor: page.pageInfo.endCursor ?? '',
    });
    expect(rest.nodes).toHaveLength(1);
    const removed = await h.client.run('deleteAttachment', { attachmentId: rest.nodes[0]!.id });
    expectOutput(deleteAttachment, removed);
    expect(removed).toEqual({ success: true, id: rest.nodes[0]!.id });
    expect((await h.client.run('listAttachments', { issueId: ENG_3 })).nodes).toHaveLength(2);
    const gone = await failure(h.client.run('deleteAttachment', { attachmentId: rest.nodes[0]!.id }));
    expect((gone as Error).message).toMatch(/attachment/i);
  });
});
