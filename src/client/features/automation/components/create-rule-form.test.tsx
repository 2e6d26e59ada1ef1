import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import { json, stubApiFetch } from '#client/lib/test-support/fake-api.ts';
import { CreateRuleForm } from './create-rule-form.tsx';

function stubApi() {
  const posted: unknown[] = [];
  stubApiFetch((url, init) => {
    if (url === '/api/brands/b1/commented-posts') return json([]);
    if (url === '/api/brands/b1/automation-rules' && init?.method === 'POST') {
      const body: unknown = JSON.parse(String(init.body));
      posted.push(body);
      return json({ id: 'r1', trigger: '', action: '', active: true, ...(body as object) }, 201);
    }
    return undefined;
  });
  return posted;
}

describe('rule form', () => {
  it('after a bad submit, each refusal is the description of its input, which is marked invalid', async () => {
    const posted = stubApi();
    render(<CreateRuleForm brandId="b1" onDone={() => {}} />, { wrapper: AppProvider });
    await userEvent.click(screen.getByRole('button', { name: 'Save Rule' }));

    const name = await screen.findByRole('textbox', {
      name: 'Rule Name',
      description: 'Rule Name must not be empty.',
    });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const keywords = screen.getByRole('textbox', {
      name: 'Keywords',
      description:
        'Separate several with commas; any one of them matches (case-insensitive). Keywords must list at least one keyword or emoji.',
    });
    expect(keywords.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Reply text' }).getAttribute('aria-invalid')).toBe('true');
    // The person is taken to the first field to fix.
    expect(document.activeElement).toBe(name);
    expect(posted).toEqual([]);

    // Fixed, the error goes with the next keystroke, and the rule is sent as the API takes it.
    await userEvent.type(name, 'Sizes');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Rule Name', description: '' })).toBe(name);
    await userEvent.type(keywords, 'size, fit');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Reply text' }),
      // user-event reads `{{` as one `{`.
      'Our size guide: {{product_link}',
    );
    expect(screen.getByTestId('rule-preview').textContent).toContain('size');
    await userEvent.click(screen.getByRole('button', { name: 'Save Rule' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          name: 'Sizes',
          triggerConfig: { type: 'dm_keyword', keywords: ['size', 'fit'] },
          actionConfig: { type: 'fixed_text', text: 'Our size guide: {product_link}' },
        },
      ]),
    );
  });

  it('business hours without a day: the day group is described by the refusal; the time zone field by its own', async () => {
    stubApi();
    render(<CreateRuleForm brandId="b1" onDone={() => {}} />, { wrapper: AppProvider });
    await userEvent.type(screen.getByRole('textbox', { name: 'Rule Name' }), 'Night');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Trigger Condition' }),
      'outside_business_hours',
    );
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
      await userEvent.click(screen.getByRole('checkbox', { name: day }));
    const zone = screen.getByRole('textbox', { name: 'Time zone' });
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Mars/Base');
    await userEvent.click(screen.getByRole('button', { name: 'Save Rule' }));

    expect(
      await screen.findByRole('group', {
        name: 'Business days',
        description: 'Business days must include at least one day.',
      }),
    ).toBeDefined();
    expect(zone.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByRole('textbox', {
        name: 'Time zone',
        description: 'Time zone must be an IANA time zone like America/Los_Angeles.',
      }),
    ).toBe(zone);
  });
});
