import { ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  LINEAR_SEED,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import {
  CREATE_DOCUMENT_MUTATION,
  createDocument,
  DEFAULT_DOCUMENT_TEAM_QUERY,
  GET_DOCUMENT_QUERY,
} from './create-document.js';
import { DELETE_DOCUMENT_MUTATION, deleteDocument } from './delete-document.js';
import { getDocument } from './get-document.js';
import { SEARCH_DOCUMENTS_QUERY, searchDocuments } from './search-documents.js';
import { UPDATE_DOCUMENT_MUTATION, updateDocument } from './update-document.js';

const h = useIssuesSimulator();
const { mobileLaunch } = LINEAR_SEED.projects;

describe('documents', () => {
  it('send named, typed documents that validate against Linear’s schema', () => {
    for (const operation of [CREATE_DOCUMENT_MUTATION, GET_DOCUMENT_QUERY, UPDATE_DOCUMENT_MUTATION]) {
      expectValidOperation(operation, {}, 50);
    }
    expectValidOperation(DELETE_DOCUMENT_MUTATION, {}, 50);
    expectValidOperation(SEARCH_DOCUMENTS_QUERY, { first: 250 }, 3000);
  });

  it('createDocument writes Markdown in a project; getDocument reads it by id, slug id or URL end', async () => {
    const made = await h.client.run('createDocument', {
      title: 'Release checklist',
      content: '# Checklist\n\n- [ ] Notes',
      projectId: mobileLaunch,
      icon: 'Checklist',
    });
    expectOutput(createDocument, made);
    expect(made).toMatchObject({
      title: 'Release checklist',
      content: '# Checklist\n\n- [ ] Notes',
      project: { id: mobileLaunch, name: 'Mobile App Launch' },
      team: null,
      creator: { email: 'ada@example.com' },
    });
    expect(made.url).toBe(`https://linear.app/acme/document/release-checklist-${made.slugId}`);
    const urlEnd = made.url.split('/').at(-1)!;
    for (const key of [made.id, made.slugId, urlEnd]) {
      const read = await h.client.run('getDocument', { documentId: key });
      expectOutput(getDocument, read);
      expect(read.id).toBe(made.id);
    }
  });

  it('createDocument refuses two parents and sends nothing', async () => {
    const input = { title: 'Twice', projectId: mobileLaunch, teamId: LINEAR_SEED.teams.eng.id };
    const error = await failure(h.client.run('createDocument', input));
    expect(ValidationError.isInstance(error) && error.parameter).toBe('projectId');
    expect(sentGraphql(h.sim)).toEqual([]);
  });

  it('createDocument with its required title alone writes in the caller’s first team', async () => {
    expectValidOperation(DEFAULT_DOCUMENT_TEAM_QUERY, {}, 5);
    const made = await h.client.run('createDocument', { title: 'Loose notes' });
    expectOutput(createDocument, made);
    const [first] = (
      (await h.client.run('customGraphqlAction', {
        query: 'query FirstTeam { teams(first: 1) { nodes { id } } }',
      })) as { teams: { nodes: { id: string }[] } }
    ).teams.nodes;
    expect(made).toMatchObject({ title: 'Loose notes', team: { id: first!.id }, project: null });
  });

  it('writes a document in an initiative, and updateDocument moves one there from its project', async () => {
    const { mobileFirst } = LINEAR_SEED.initiatives;
    const brief = await h.client.run('createDocument', {
      title: 'Strategy brief',
      initiativeId: mobileFirst,
    });
    expectOutput(createDocument, brief);
    expect(brief).toMatchObject({ initiative: { id: mobileFirst, name: 'Mobile first' }, project: null });
    const moved = await h.client.run('updateDocument', {
      documentId: LINEAR_SEED.documents.launchPlan,
      initiativeId: mobileFirst,
    });
    expectOutput(updateDocument, moved);
    expect(moved).toMatchObject({ title: 'Launch plan', initiative: { id: mobileFirst }, project: null });
    const twice = await failure(
      h.client.run('createDocument', { title: 'Both', initiativeId: mobileFirst, issueId: seedUuid('x') }),
    );
    expect(ValidationError.isInstance(twice) && twice.parameter).toBe('projectId');
  });

  it('is idempotent by its key: a repeat writes one document', async () => {
    const input = { title: 'Retro', teamId: LINEAR_SEED.teams.des.id };
    const first = await h.client.run('createDocument', input, { idempotencyKey: 'doc-1' });
    const again = await h.client.run('createDocument', input, { idempotencyKey: 'doc-1' });
    expect(again.id).toBe(first.id);
    expect([...h.sim.workspace.documents.values()].filter((d) => d.title === 'Retro')).toHaveLength(1);
  });

  it('updateDocument changes only what is given; searchDocuments finds titles and content', async () => {
    const plan = LINEAR_SEED.documents.launchPlan;
    const updated = await h.client.run('updateDocument', {
      documentId: plan,
      content: '# Plan v2\n\nPress kit',
    });
    expectOutput(updateDocument, updated);
    expect(updated).toMatchObject({ title: 'Launch plan', content: '# Plan v2\n\nPress kit' });
    const found = await h.client.run('searchDocuments', { term: 'press KIT' });
    expectOutput(searchDocuments, found);
    expect(found.nodes.map((d) => d.id)).toEqual([plan]);
    const byTitle = await h.client.run('searchDocuments', { term: 'runbook' });
    expect(byTitle.nodes.map((d) => d.title)).toEqual(['On-call runbook']);
  });

  it('deleteDocument moves it to the trash: gone from search and lists', async () => {
    const runbook = LINEAR_SEED.documents.runbook;
    const removed = await h.client.run('deleteDocument', { documentId: runbook });
    expectOutput(deleteDocument, removed);
    expect(removed).toEqual({ success: true, id: runbook });
    expect(h.sim.workspace.documents.get(runbook)?.trashed).toBe(true);
    expect((await h.client.run('searchDocuments', { term: 'runbook' })).nodes).toEqual([]);
  });

  it('refuses a document key that is neither a UUID nor a URL end, naming it', async () => {
    const error = await failure(h.client.run('getDocument', { documentId: 'launch plan' }));
    expect(ValidationError.isInstance(error) && error.parameter).toBe('documentId');
    const missing = await failure(h.client.run('getDocument', { documentId: seedUuid('document:none') }));
    expect((missing as Error).message).toMatch(/document/i);
  });
});
