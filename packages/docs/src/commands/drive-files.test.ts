import { NotFoundError, ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docs } from '../docs-connector.js';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('getAbout', () => {
  it('names the connected account and its storage', async () => {
    const about = await t.client.run('getAbout', {});
    expect(about.user).toMatchObject({ emailAddress: 'alex@example.com' });
    const [call] = callsTo(t.sim, '/drive/v3/about');
    expect(call!.query.get('fields')).toBe('user(displayName,emailAddress),storageQuota');
  });
});

describe('getFile, trashFile, restoreFile, deleteFile', () => {
  it('reads a file, trashes it, restores it and deletes it for good', async () => {
    const id = (await t.client.run('createDocumentFile', { name: 'Short-lived' })).documentId;
    const file = await t.client.run('getFile', { fileId: id });
    expect(file).toMatchObject({
      id,
      name: 'Short-lived',
      mimeType: 'application/vnd.google-apps.document',
      trashed: false,
    });
    expect(await t.client.run('trashFile', { fileId: id })).toMatchObject({ id, trashed: true });
    const [patch] = callsTo(t.sim, `/drive/v3/files/${id}`).filter((call) => call.method === 'PATCH');
    expect(patch!.bodyJson).toEqual({ trashed: true });
    expect(await t.client.run('restoreFile', { fileId: id })).toMatchObject({ id, trashed: false });
    expect(await t.client.run('getFile', { fileId: id, fields: 'name,owners(emailAddress)' })).toMatchObject({
      id,
      name: 'Short-lived',
      owners: [{ emailAddress: 'alex@example.com' }],
    });
    expect(await t.client.run('deleteFile', { fileId: id })).toEqual({ fileId: id, deleted: true });
    const gone = await t.client.run('getFile', { fileId: id }).catch((caught) => caught);
    expect(NotFoundError.isInstance(gone)).toBe(true);
  });

  it('marks Delete File destructive and the trash reversible, and refuses a bad id before sending', async () => {
    expect(docs.commands.deleteFile.annotations).toMatchObject({ destructive: true });
    expect(docs.commands.trashFile.annotations).toMatchObject({ destructive: false, readOnly: false });
    const error = await t.client.run('deleteFile', { fileId: '../etc' }).catch((caught) => caught);
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('fileId');
    expect(t.sim.server.calls).toHaveLength(0);
  });
});
