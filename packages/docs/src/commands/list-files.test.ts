import { ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docs } from '../docs-connector.js';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';
import { listFilesQuery } from './list-files.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('listFiles', () => {
  it('lists every kind of file, most recently changed first, leaving out the trash', async () => {
    const { files, hasMore } = await t.client.run('listFiles', {});
    const names = files.map((file) => file.name);
    expect(names).toContain('Budget 2026');
    expect(names).toContain('Vendor contract.pdf');
    expect(names).toContain('Weekly Sync — Meeting Notes');
    expect(names).not.toContain('Old Meeting Notes (2024)');
    expect(hasMore).toBe(false);
    const [call] = callsTo(t.sim, '/drive/v3/files');
    expect(call!.query.get('q')).toBe('trashed = false');
    expect(call!.query.get('orderBy')).toBe('modifiedTime desc');
  });

  it('narrows by name, type and trash, and passes a Drive query through', async () => {
    const byName = await t.client.run('listFiles', { name: 'meeting' });
    expect(byName.files.map((file) => file.name)).toEqual(['Weekly Sync — Meeting Notes']);
    const pdfs = await t.client.run('listFiles', { mimeType: 'application/pdf' });
    expect(pdfs.files.map((file) => file.name)).toEqual(['Vendor contract.pdf']);
    const trash = await t.client.run('listFiles', { trashed: true });
    expect(trash.files.map((file) => file.id)).toEqual([t.sim.seeded!.trashedId]);
    const shared = await t.client.run('listFiles', { query: 'sharedWithMe = true' });
    expect(shared.files.map((file) => file.name).sort()).toEqual([
      'Company Handbook 2026',
      'Product Launch Checklist',
    ]);
    expect(callsTo(t.sim, '/drive/v3/files').at(-1)!.query.get('q')).toBe(
      '(sharedWithMe = true) and trashed = false',
    );
  });

  it('stops at the limit and resumes from the page token it returns', async () => {
    const first = await t.client.run('listFiles', { limit: 3, orderBy: 'name' });
    expect(first.files).toHaveLength(3);
    expect(first.hasMore).toBe(true);
    const rest = await t.client.run('listFiles', {
      limit: 100,
      orderBy: 'name',
      pageToken: first.nextPageToken!,
    });
    const all = await t.client.run('listFiles', { orderBy: 'name' });
    expect([...first.files, ...rest.files].map((file) => file.id)).toEqual(all.files.map((file) => file.id));
    expect(rest.hasMore).toBe(false);
  });

  it('quotes names in the query and refuses a bad sort before sending', () => {
    expect(listFilesQuery({ name: "Bob's \\ notes", folderId: 'root' })).toBe(
      "'root' in parents and name contains 'Bob\\'s \\\\ notes'",
    );
    return t.client.run('listFiles', { orderBy: 'size desc' }).then(
      () => expect.unreachable(),
      (error) => {
        expect(ValidationError.isInstance(error)).toBe(true);
        expect(error.parameter).toBe('orderBy');
        expect(t.sim.server.calls).toHaveLength(0);
      },
    );
  });

  it('is the lookup of every file parameter: any file, files in the trash for Restore File', async () => {
    expect(docs.commands.getFile.lookups?.fileId).toMatchObject({ command: 'listFiles', items: 'files' });
    expect(docs.commands.deleteFile.lookups?.fileId).toMatchObject({ command: 'listFiles' });
    expect(docs.commands.restoreFile.lookups?.fileId?.input).toMatchObject({ trashed: true });
    const offered = await t.client.run('listFiles', {
      ...docs.commands.restoreFile.lookups!.fileId!.whenQueryEmpty!.input,
    });
    expect(offered.files.map((file) => file.id)).toEqual([t.sim.seeded!.trashedId]);
  });
});
