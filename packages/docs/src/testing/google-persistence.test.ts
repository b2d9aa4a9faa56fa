import { describe, expect, it } from 'vitest';
import { docs } from '../docs-connector.js';
import { docsSimulator, type RunningDocsSimulator } from './index.js';

function connect(sim: RunningDocsSimulator, credentials = sim.connection.credentials) {
  return docs.connect({ credentials: { ...credentials }, ...sim.connection.options });
}

describe('Google Docs simulator: exportState and importState', () => {
  it('brings documents, their edits and the connection tokens back on a fresh simulator', async () => {
    const before = await docsSimulator.start({ seed: true, contracts: false });
    const held = { ...before.connection.credentials };
    let saved: unknown;
    let notesId: string;
    let draftId: string;
    let notes: unknown;
    try {
      const client = connect(before);
      notesId = before.seeded!.meetingNotesId;
      await client.run('updateDocumentContent', {
        documentId: notesId,
        requests: [{ insertText: { location: { index: 1 }, text: 'Kept across restarts\n' } }],
      });
      notes = await client.run('fetchDocumentContent', { documentId: notesId });
      draftId = (await client.run('createDocumentFile', { name: 'Persistent draft' })).documentId;
      await client.close();
      // Through JSON: what is exported must survive plain serialization.
      saved = JSON.parse(JSON.stringify(before.exportState()));
    } finally {
      await before.close();
    }
    expect(saved).toMatchObject({ version: 1 });

    const after = await docsSimulator.start({ contracts: false });
    try {
      after.importState(saved);
      expect(after.connection.credentials).toEqual(held);
      const client = connect(after, held);
      expect(await client.run('fetchDocumentContent', { documentId: notesId })).toEqual(notes);
      const found = await client.run('searchDocuments', { name: 'Persistent draft' });
      expect(found.files.map((file: { id: string }) => file.id)).toEqual([draftId]);
      // The access token held before the restart is still good: no refresh was needed.
      expect(after.server.calls.map((call) => call.path)).not.toContain('/token');
      await client.close();
    } finally {
      await after.close();
    }
  });

  it('refuses a snapshot of another version and keeps its own data and tokens', async () => {
    const sim = await docsSimulator.start({ seed: true, contracts: false });
    try {
      const held = { ...sim.connection.credentials };
      const snapshot = sim.exportState() as Record<string, unknown>;
      const files = sim.state.files.size;
      expect(() => sim.importState({ ...snapshot, version: 2, files: [] })).toThrow(
        /version 1 \(got version 2\)/,
      );
      expect(() => sim.importState(null)).toThrow(/version/);
      expect(sim.state.files.size).toBe(files);
      expect(sim.connection.credentials).toEqual(held);
      const client = connect(sim);
      await expect(client.verify()).resolves.toBeUndefined();
      await client.close();
    } finally {
      await sim.close();
    }
  });
});
