import type { ConnectorError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docsSimulator } from './google-simulator.js';
import { connectDocs } from './google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

/** A Drive call through the connector's Custom Action, as the account alex@example.com. */
function drive(path: string, method = 'GET', body?: Record<string, unknown>, query?: Record<string, string>) {
  return t.connect().run('customAction', { method: method as 'GET', path, body, query });
}

/** The same call answered by the simulator directly: status, content type and body text. */
async function raw(path: string, method = 'GET', token = t.sim.connection.credentials.accessToken) {
  const response = await fetch(`${t.sim.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describe('Drive permissions', () => {
  it('lists who has access, with Drive’s default fields, and more when fields asks', async () => {
    const id = t.sim.seeded!.meetingNotesId;
    const list = (await drive(`/drive/v3/files/${id}/permissions`)) as {
      kind: string;
      permissions: object[];
    };
    expect(list.kind).toBe('drive#permissionList');
    expect(list.permissions).toEqual([
      { kind: 'drive#permission', id: expect.any(String), type: 'user', role: 'owner' },
      { kind: 'drive#permission', id: expect.any(String), type: 'user', role: 'writer' },
      { kind: 'drive#permission', id: expect.any(String), type: 'user', role: 'commenter' },
    ]);
    const full = (await drive(`/drive/v3/files/${id}/permissions`, 'GET', undefined, {
      fields: 'permissions(emailAddress,role,displayName)',
    })) as { permissions: object[] };
    expect(full.permissions).toEqual([
      { emailAddress: 'alex@example.com', role: 'owner', displayName: 'Alex Rivera' },
      { emailAddress: 'morgan@example.com', role: 'writer', displayName: 'Morgan Lee' },
      { emailAddress: 'priya@example.com', role: 'commenter', displayName: 'Priya Natarajan' },
    ]);
  });

  it('shares with a person, a domain and anyone with the link; access follows', async () => {
    const file = t.sim.state.createDocument({ title: 'Shared out' });
    const outsider = t.sim.state.issueTokens({ user: 'sam@partner.example' });
    expect((await raw(`/v1/documents/${file.id}`, 'GET', outsider.accessToken)).status).toBe(403);
    await drive(`/drive/v3/files/${file.id}/permissions`, 'POST', {
      type: 'domain',
      role: 'reader',
      domain: 'partner.example',
    });
    expect((await raw(`/v1/documents/${file.id}`, 'GET', outsider.accessToken)).status).toBe(200);
    const link = await drive(`/drive/v3/files/${file.id}/permissions`, 'POST', {
      type: 'anyone',
      role: 'commenter',
    });
    expect(link).toEqual({
      kind: 'drive#permission',
      id: 'anyoneWithLink',
      type: 'anyone',
      role: 'commenter',
    });
    expect(t.sim.state.roleOf(file, 'someone@else.example')).toBe('commenter');
    const person = (await drive(`/drive/v3/files/${file.id}/permissions`, 'POST', {
      type: 'user',
      role: 'writer',
      emailAddress: 'Sam@Partner.Example',
    })) as { id: string };
    expect(t.sim.state.roleOf(file, 'sam@partner.example')).toBe('writer');
    await drive(`/drive/v3/files/${file.id}/permissions/${person.id}`, 'DELETE');
    await drive(`/drive/v3/files/${file.id}/permissions/anyoneWithLink`, 'DELETE');
    expect(t.sim.state.roleOf(file, 'sam@partner.example')).toBe('reader');
  });

  it('transfers ownership only with transferOwnership, by the owner', async () => {
    const file = t.sim.state.createDocument({ title: 'Handed over' });
    const refused = (await drive(`/drive/v3/files/${file.id}/permissions`, 'POST', {
      type: 'user',
      role: 'owner',
      emailAddress: 'morgan@example.com',
    }).catch((caught) => caught)) as ConnectorError;
    expect(refused).toMatchObject({ status: 403, providerCode: 'forbidden' });
    await drive(
      `/drive/v3/files/${file.id}/permissions`,
      'POST',
      { type: 'user', role: 'owner', emailAddress: 'morgan@example.com' },
      { transferOwnership: 'true' },
    );
    expect(file.owner).toBe('morgan@example.com');
    expect(t.sim.state.roleOf(file, 'alex@example.com')).toBe('writer');
  });

  it('answers Drive’s JSON errors, never an HTML page', async () => {
    const id = t.sim.seeded!.meetingNotesId;
    const missing = await raw(`/drive/v3/files/${id}/permissions/nope`);
    expect(missing.status).toBe(404);
    expect(missing.type).toMatch(/^application\/json/);
    expect(JSON.parse(missing.text).error).toMatchObject({
      code: 404,
      message: 'Permission not found: nope.',
      errors: [{ reason: 'notFound', location: 'permissionId' }],
    });
    const viewer = await raw(`/drive/v3/files/${t.sim.seeded!.viewOnlyId}/permissions`);
    expect(viewer.status).toBe(403);
    expect(JSON.parse(viewer.text).error.errors[0].reason).toBe('insufficientFilePermissions');
    const owner = await raw(
      `/drive/v3/files/${id}/permissions/${t.sim.state.users.get('alex@example.com')!.permissionId}`,
      'DELETE',
    );
    expect(owner.status).toBe(403);
    expect(owner.type).toMatch(/^application\/json/);
    const bad = (await drive(`/drive/v3/files/${id}/permissions`, 'POST', {
      type: 'user',
      role: 'reader',
    }).catch((caught) => caught)) as ConnectorError;
    expect(bad).toMatchObject({ status: 400, providerCode: 'required' });
    // Resources the simulator does not model answer JSON too.
    const revisions = await raw(`/drive/v3/files/${id}/revisions`);
    expect(revisions.status).toBe(501);
    expect(revisions.type).toMatch(/^application\/json/);
  });
});
