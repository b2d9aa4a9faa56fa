import { NotFoundError, PermissionError, ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docs } from '../docs-connector.js';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('createFolder, moveFile, listFiles in a folder', () => {
  it('creates a folder inside another, moves a document into it and lists what it holds', async () => {
    const contracts = t.sim.seeded!.contractsFolderId;
    const inside = await t.client.run('listFiles', { folderId: contracts });
    expect(inside.files.map((file) => file.name)).toEqual(['Vendor contract.pdf']);
    const folder = await t.client.run('createFolder', { name: '2026', parentId: contracts });
    expect(folder).toMatchObject({
      name: '2026',
      mimeType: 'application/vnd.google-apps.folder',
      parents: [contracts],
    });
    const [create] = callsTo(t.sim, '/drive/v3/files').filter((call) => call.method === 'POST');
    expect(create!.bodyJson).toEqual({
      name: '2026',
      mimeType: 'application/vnd.google-apps.folder',
      parents: [contracts],
    });

    const specId = t.sim.seeded!.specId;
    const moved = await t.client.run('moveFile', { fileId: specId, folderId: folder.id });
    expect(moved.parents).toEqual([folder.id]);
    const patch = callsTo(t.sim, `/drive/v3/files/${specId}`).find((call) => call.method === 'PATCH')!;
    expect(patch.query.get('addParents')).toBe(folder.id);
    expect(patch.query.get('removeParents')).toBeTruthy();
    // Again: the destination is not removed, so the file stays where it is.
    expect((await t.client.run('moveFile', { fileId: specId, folderId: folder.id })).parents).toEqual([
      folder.id,
    ]);
    const listed = await t.client.run('listFiles', { folderId: folder.id });
    expect(listed.files.map((file) => file.id)).toEqual([specId]);
    expect(
      (await t.client.run('listFiles', { query: "'root' in parents" })).files.map((file) => file.id),
    ).not.toContain(specId);
    expect((await t.client.run('moveFile', { fileId: specId, folderId: 'root' })).parents).toHaveLength(1);
  });

  it('refuses a folder that is not one, and one that does not exist, with Drive’s errors', async () => {
    const notFolder = await t.client
      .run('moveFile', { fileId: t.sim.seeded!.specId, folderId: t.sim.seeded!.pdfId })
      .catch((caught) => caught);
    expect(ValidationError.isInstance(notFolder) || notFolder.status === 400).toBe(true);
    const missing = await t.client
      .run('createFolder', { name: 'x', parentId: 'nope1234567890' })
      .catch((caught) => caught);
    expect(NotFoundError.isInstance(missing)).toBe(true);
  });

  it('deleting a folder deletes what it holds', async () => {
    const folder = await t.client.run('createFolder', { name: 'Scratch' });
    const copy = await t.client.run('copyFile', {
      fileId: t.sim.seeded!.meetingNotesId,
      folderId: folder.id,
    });
    await t.client.run('deleteFile', { fileId: folder.id });
    const gone = await t.client.run('getFile', { fileId: copy.id }).catch((caught) => caught);
    expect(NotFoundError.isInstance(gone)).toBe(true);
  });
});

describe('copyFile and updateFile', () => {
  it('copies a document with its content, named Copy of … in the same folder, or where asked', async () => {
    const source = t.sim.seeded!.pdfId;
    const copy = await t.client.run('copyFile', { fileId: source });
    expect(copy).toMatchObject({
      name: 'Copy of Vendor contract.pdf',
      parents: [t.sim.seeded!.contractsFolderId],
    });
    const notes = await t.client.run('copyFile', {
      fileId: t.sim.seeded!.meetingNotesId,
      name: 'Notes copy',
      folderId: 'root',
    });
    expect(notes.name).toBe('Notes copy');
    const text = await t.client.run('getDocumentAsMarkdown', { documentId: notes.id });
    const original = await t.client.run('getDocumentAsMarkdown', {
      documentId: t.sim.seeded!.meetingNotesId,
    });
    expect(text.markdown).toBe(original.markdown);
    const folder = await t.client.run('createFolder', { name: 'F' });
    const refused = await t.client.run('copyFile', { fileId: folder.id }).catch((caught) => caught);
    expect(PermissionError.isInstance(refused)).toBe(true);
  });

  it('renames, describes and stars a file, leaving out what is not given', async () => {
    const id = t.sim.seeded!.specId;
    const updated = await t.client.run('updateFile', { fileId: id, name: 'Spec v2', starred: true });
    expect(updated.name).toBe('Spec v2');
    const patch = callsTo(t.sim, `/drive/v3/files/${id}`).find((call) => call.method === 'PATCH')!;
    expect(patch.bodyJson).toEqual({ name: 'Spec v2', starred: true });
    expect(await t.client.run('getFile', { fileId: id, fields: 'starred,description' })).toMatchObject({
      starred: true,
    });
    const error = await t.client.run('updateFile', { fileId: id, name: ' ' }).catch((caught) => caught);
    expect(error.parameter).toBe('name');
  });
});

describe('fillTemplate', () => {
  it('copies the template and fills every {{key}}, reporting keys the template lacks', async () => {
    const template = await t.client.run('createDocumentFromMarkdown', {
      title: 'Proposal template',
      markdown: '# Proposal for {{client}}\n\nDear {{client}}, the price is {{price}}.\n',
    });
    const filled = await t.client.run('fillTemplate', {
      templateId: template.documentId,
      title: 'Proposal — Acme',
      values: { client: 'Acme GmbH', price: '€1,200', missing: 'x' },
    });
    expect(filled.filled).toEqual([
      { key: 'client', occurrences: 2 },
      { key: 'price', occurrences: 1 },
      { key: 'missing', occurrences: 0 },
    ]);
    expect(filled.missing).toEqual(['missing']);
    const copy = await t.client.run('getDocumentAsMarkdown', { documentId: filled.documentId });
    expect(copy.title).toBe('Proposal — Acme');
    expect(copy.markdown).toContain('# Proposal for Acme GmbH');
    expect(copy.markdown).toContain('Dear Acme GmbH, the price is €1,200.');
    const untouched = await t.client.run('getDocumentAsMarkdown', { documentId: template.documentId });
    expect(untouched.markdown).toContain('{{client}}');
  });

  it('refuses no values, and a key with braces, before sending', async () => {
    for (const values of [{}, { '{{client}}': 'x' }] as Record<string, string>[]) {
      const error = await t.client
        .run('fillTemplate', { templateId: t.sim.seeded!.specId, title: 'T', values })
        .catch((caught) => caught);
      expect(ValidationError.isInstance(error)).toBe(true);
      expect(error.parameter).toMatch(/^values/);
    }
    expect(t.sim.server.calls).toHaveLength(0);
    expect(docs.commands.fillTemplate.annotations).toMatchObject({ idempotent: false, destructive: false });
  });
});
