import { ProviderError, ValidationError } from '@c/core';
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
import { UPDATE_PROJECT_MUTATION, updateProject } from './update-project.js';

const h = useIssuesSimulator();
const BILLING = LINEAR_SEED.projects.billing;

describe('updateProject', () => {
  it('sends a named, typed projectUpdate that validates against Linear’s schema', () => {
    expect(UPDATE_PROJECT_MUTATION).toMatchObject({ name: 'UpdateProject', kind: 'mutation' });
    expectValidOperation(UPDATE_PROJECT_MUTATION, {}, 100);
  });

  it('sends only the fields given and returns the full project', async () => {
    const project = await h.client.run('updateProject', {
      projectId: BILLING,
      name: 'Billing 2.0',
      additionalFields: { statusId: LINEAR_SEED.projectStatuses.started, targetDate: '2031-01-15' },
    });
    expectOutput(updateProject, project);
    const [sent] = sentGraphql(h.sim);
    expect(sent).toMatchObject({
      operationName: 'UpdateProject',
      variables: {
        id: BILLING,
        input: {
          statusId: LINEAR_SEED.projectStatuses.started,
          targetDate: '2031-01-15',
          name: 'Billing 2.0',
        },
      },
    });
    expect(sent?.query).toBe(UPDATE_PROJECT_MUTATION.document);
    expect(project).toMatchObject({
      id: BILLING,
      name: 'Billing 2.0',
      description: 'Multi-currency invoices and the new webhook format.',
      status: { id: LINEAR_SEED.projectStatuses.started, name: 'In Progress', type: 'started' },
      targetDate: '2031-01-15',
      lead: { id: LINEAR_SEED.users.alan },
      teams: { nodes: [{ key: 'ENG' }] },
    });
    expect(project.startedAt).not.toBeNull();
  });

  it('refuses an update with nothing in it, and bad input, before sending', async () => {
    for (const [input, parameter] of [
      [{ projectId: BILLING }, undefined],
      [{ projectId: 'billing', name: 'x' }, 'projectId'],
      [{ projectId: BILLING, additionalFields: { description: 'x' } }, 'additionalFields.description'],
      [
        { projectId: BILLING, additionalFields: { updateRemindersDay: 'Someday' } },
        'additionalFields.updateRemindersDay',
      ],
    ] as const) {
      const error = await failure(h.client.runUnknown('updateProject', input));
      expect(ValidationError.isInstance(error)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it('reports Linear’s refusal of a project that does not exist with Linear’s message', async () => {
    const error = await failure(h.client.run('updateProject', { projectId: seedUuid('none'), name: 'x' }));
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.providerMessage).toBe('Could not find referenced Project.');
  });
});
