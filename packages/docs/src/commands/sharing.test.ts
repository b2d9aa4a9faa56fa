import { PermissionError, ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docs } from '../docs-connector.js';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('shareFile, listPermissions, removePermission', () => {
  it('shares with a person once (again changes the role), lists everyone and removes the grant', async () => {
    const fileId = t.sim.seeded!.specId;
    const shared = await t.client.run('shareFile', {
      fileId,
      role: 'commenter',
      type: 'user',
      emailAddress: 'priya@example.com',
      message: 'Have a look',
    });
    expect(shared).toMatchObject({ type: 'user', role: 'commenter', emailAddress: 'priya@example.com' });
    const [post] = callsTo(t.sim, `/drive/v3/files/${fileId}/permissions`).filter(
      (call) => call.method === 'POST',
    );
    expect(post!.bodyJson).toEqual({ type: 'user', role: 'commenter', emailAddress: 'priya@example.com' });
    expect(post!.query.get('sendNotificationEmail')).toBe('true');
    expect(post!.query.get('emailMessage')).toBe('Have a look');
    const again = await t.client.run('shareFile', {
      fileId,
      role: 'writer',
      type: 'user',
      emailAddress: 'priya@example.com',
    });
    expect(again.id).toBe(shared.id);
    const { permissions } = await t.client.run('listPermissions', { fileId });
    expect(permissions[0]).toMatchObject({ role: 'owner', emailAddress: 'alex@example.com' });
    expect(permissions.filter((entry) => entry.emailAddress === 'priya@example.com')).toEqual([
      expect.objectContaining({ role: 'writer' }),
    ]);
    expect(await t.client.run('removePermission', { fileId, permissionId: shared.id })).toEqual({
      fileId,
      permissionId: shared.id,
      removed: true,
    });
    const after = await t.client.run('listPermissions', { fileId });
    expect(after.permissions.map((entry) => entry.emailAddress)).not.toContain('priya@example.com');
  });

  it('shares a link with anyone, without a notification, and refuses to remove the owner', async () => {
    const fileId = t.sim.seeded!.meetingNotesId;
    const link = await t.client.run('shareFile', { fileId, role: 'reader', type: 'anyone' });
    expect(link).toMatchObject({ type: 'anyone', role: 'reader' });
    const post = callsTo(t.sim, `/drive/v3/files/${fileId}/permissions`).find(
      (call) => call.method === 'POST',
    )!;
    expect(post.query.has('sendNotificationEmail')).toBe(false);
    const owner = (await t.client.run('listPermissions', { fileId })).permissions.find(
      (entry) => entry.role === 'owner',
    )!;
    const refused = await t.client
      .run('removePermission', { fileId, permissionId: owner.id })
      .catch((caught) => caught);
    expect(PermissionError.isInstance(refused)).toBe(true);
  });

  it('asks for the email or domain the type needs before sending, and marks removal destructive', async () => {
    const error = await t.client
      .run('shareFile', { fileId: t.sim.seeded!.specId, role: 'reader', type: 'user' })
      .catch((caught) => caught);
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('emailAddress');
    const domain = await t.client
      .run('shareFile', { fileId: t.sim.seeded!.specId, role: 'reader', type: 'domain' })
      .catch((caught) => caught);
    expect(domain.parameter).toBe('domain');
    expect(t.sim.server.calls).toHaveLength(0);
    expect(docs.commands.removePermission.annotations).toMatchObject({ destructive: true });
    expect(docs.commands.removePermission.lookups?.permissionId).toMatchObject({ needs: ['fileId'] });
  });
});
