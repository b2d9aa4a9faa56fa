import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { planForm } from '../commands/form-plan';
import { SchemaForm } from './schema-form';

describe('a select for a titled enum', () => {
  it('shows the option titles and gives back the wire value', () => {
    const { schema, uiSchema } = planForm('analytics.eventSegmentation', {
      type: 'object',
      properties: {
        interval: {
          type: 'string',
          title: 'Interval',
          default: '1',
          enum: ['1', '7', '-300000'],
          oneOf: [
            { const: '1', title: 'Daily' },
            { const: '7', title: 'Weekly' },
            { const: '-300000', title: 'Real-time 5 min' },
          ],
        },
      },
    });
    const onChange = vi.fn();
    render(
      <SchemaForm
        id="labels"
        schema={schema}
        uiSchema={uiSchema}
        formData={{ interval: '1' }}
        onChange={onChange}
        onSubmit={() => {}}
      >
        {null}
      </SchemaForm>,
    );
    const select = screen.getByLabelText('Interval') as HTMLSelectElement;
    const options = [...select.options].filter((option) => option.value !== '');
    expect(options.map((option) => option.textContent)).toEqual(['Daily', 'Weekly', 'Real-time 5 min']);
    expect(screen.queryByText('-300000')).toBeNull();
    // The default is named as the option is, not by its wire value.
    expect(screen.getByText('one of the listed values · default Daily')).toBeInTheDocument();
    // rjsf's select values are option indexes; the form data must be the wire value.
    fireEvent.change(select, { target: { value: options[2]!.value } });
    expect(onChange).toHaveBeenLastCalledWith({ interval: '-300000' });
  });

  it('shows the titles of a number enum (a priority) and gives back the number', () => {
    const { schema, uiSchema } = planForm('issues.createIssue', {
      type: 'object',
      properties: {
        priority: {
          type: 'integer',
          title: 'Priority',
          minimum: 0,
          maximum: 4,
          enum: [0, 1, 2, 3, 4],
          oneOf: ['No priority', 'Urgent', 'High', 'Medium', 'Low'].map((title, value) => ({
            const: value,
            title,
          })),
        },
      },
    });
    const onChange = vi.fn();
    render(
      <SchemaForm
        id="priority"
        schema={schema}
        uiSchema={uiSchema}
        formData={{}}
        onChange={onChange}
        onSubmit={() => {}}
      >
        {null}
      </SchemaForm>,
    );
    const select = screen.getByLabelText('Priority') as HTMLSelectElement;
    const options = [...select.options].filter((option) => option.value !== '');
    expect(options.map((option) => option.textContent)).toEqual([
      'No priority',
      'Urgent',
      'High',
      'Medium',
      'Low',
    ]);
    fireEvent.change(select, { target: { value: options[1]!.value } });
    expect(onChange).toHaveBeenLastCalledWith({ priority: 1 });
  });
});
