import { NotFoundError, ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

const NOTES = `# Weekly Sync

## Notes

- First point

## Action Items

- [ ] Alex: write the spec

### Later

Nothing yet.

## Next Meeting

Thursday.
`;

async function documentFrom(markdown: string): Promise<string> {
  const created = await t.client.run('createDocumentFromMarkdown', { title: 'Notes', markdown });
  return created.documentId;
}

async function markdownOf(documentId: string, tabId?: string): Promise<string> {
  return (await t.client.run('getDocumentAsMarkdown', { documentId, ...(tabId ? { tabId } : {}) })).markdown;
}

describe('writeMarkdown', () => {
  it('appends after what the tab holds, in one batchUpdate guarded by the revision it read', async () => {
    const documentId = await documentFrom(NOTES);
    const { revisionId } = await t.client.run('fetchDocumentContent', { documentId });
    const result = await t.client.run('writeMarkdown', {
      documentId,
      markdown: '## Decisions\n\n1. Ship **Thursday**\n',
    });
    expect(await markdownOf(documentId)).toBe(`${NOTES}\n## Decisions\n\n1. Ship **Thursday**\n`);
    const [read] = callsTo(t.sim, `/v1/documents/${documentId}`);
    const [write] = callsTo(t.sim, `/v1/documents/${documentId}:batchUpdate`);
    expect(read!.query.get('includeTabsContent')).toBe('true');
    const body = write!.bodyJson as { requests: unknown[]; writeControl: { requiredRevisionId: string } };
    expect(body.writeControl.requiredRevisionId).toBe(revisionId);
    expect(body.requests).toContainEqual({
      createParagraphBullets: {
        range: { startIndex: expect.any(Number), endIndex: expect.any(Number), tabId: 't.0' },
        bulletPreset: 'NUMBERED_DECIMAL_ALPHA_ROMAN',
      },
    });
    expect(result).toMatchObject({ documentId, tabId: 't.0', mode: 'append', blocks: 2 });
    expect(result.requests).toBe(body.requests.length);
    expect(result.revisionId).toEqual(expect.any(String));
  });

  it('replaces one section, up to the next heading of the same or a higher level', async () => {
    const documentId = await documentFrom(NOTES);
    await t.client.run('writeMarkdown', {
      documentId,
      mode: 'replaceSection',
      heading: 'action items',
      markdown: '- [ ] Priya: review the spec\n- [ ] Sam: book the room\n',
    });
    expect(await markdownOf(documentId)).toBe(
      NOTES.replace(
        '- [ ] Alex: write the spec\n\n### Later\n\nNothing yet.\n',
        '- [ ] Priya: review the spec\n- [ ] Sam: book the room\n',
      ),
    );
    // The last section runs to the end of the tab.
    await t.client.run('writeMarkdown', {
      documentId,
      mode: 'replaceSection',
      heading: '## Next Meeting',
      markdown: 'Friday, 10:00.',
    });
    expect(await markdownOf(documentId)).toMatch(/## Next Meeting\n\nFriday, 10:00\.\n$/);
  });

  it('replaces the whole tab, and writes to the tab asked for', async () => {
    const documentId = await documentFrom(NOTES);
    await t.client.run('updateDocumentContent', {
      documentId,
      requests: [{ addDocumentTab: { tabProperties: { title: 'Draft' } } }],
    });
    const document = await t.client.run('fetchDocumentContent', { documentId });
    const draft = document.tabs!.find((tab) => tab.tabProperties.title === 'Draft')!.tabProperties.tabId;
    await t.client.run('writeMarkdown', {
      documentId,
      tabId: draft,
      mode: 'replace',
      markdown: '# Draft\n\nText.\n',
    });
    await t.client.run('writeMarkdown', {
      documentId,
      tabId: draft,
      mode: 'replace',
      markdown: '# Draft 2\n',
    });
    expect(await markdownOf(documentId, draft)).toBe('# Draft 2\n');
    expect(await markdownOf(documentId)).toBe(NOTES);
  });

  it('refuses a missing or misplaced heading and empty Markdown before sending anything', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: 'replaceSection', markdown: 'x' }, 'heading'],
      [{ mode: 'append', heading: 'Notes', markdown: 'x' }, 'heading'],
      [{ markdown: '' }, 'markdown'],
      [{ mode: 'prepend', markdown: 'x' }, 'mode'],
    ];
    for (const [input, parameter] of cases) {
      const error = await t.client
        .run('writeMarkdown', {
          documentId: '1T6dCxR4WREs9gU9ELxhEvDtK6kACyQ3412Dj44T02sk',
          ...input,
        } as never)
        .catch((caught) => caught);
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    expect(t.sim.server.calls).toHaveLength(0);
  });

  it('names the headings the tab has when the one asked for is not there, and writes nothing', async () => {
    const documentId = await documentFrom(NOTES);
    const error = await t.client
      .run('writeMarkdown', { documentId, mode: 'replaceSection', heading: 'Risks', markdown: 'x' })
      .catch((caught) => caught);
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toContain('"Action Items"');
    expect(callsTo(t.sim, `/v1/documents/${documentId}:batchUpdate`)).toHaveLength(0);
  });
});
