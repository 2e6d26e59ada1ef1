import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';

describe('FormField', () => {
  it('names the control by its label and describes it by its description', () => {
    render(
      <FormField label="Store URL" description="The address of your shop.">
        <Input />
      </FormField>,
    );
    const input = screen.getByRole('textbox', {
      name: 'Store URL',
      description: 'The address of your shop.',
    });
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('with an error: marks the control invalid and adds the error to its description', () => {
    render(
      <FormField label="Reply text" description="At most 1000 characters." error="Reply text is required.">
        <textarea />
      </FormField>,
    );
    const textarea = screen.getByRole('textbox', {
      name: 'Reply text',
      description: 'At most 1000 characters. Reply text is required.',
    });
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
  });

  it('works for a select as for an input', () => {
    render(
      <FormField label="Role" error="Choose a role.">
        <select>
          <option>Agent</option>
        </select>
      </FormField>,
    );
    expect(screen.getByRole('combobox', { name: 'Role', description: 'Choose a role.' })).toBeDefined();
  });
});
