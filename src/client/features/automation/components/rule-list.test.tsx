import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import type { AutomationRule } from '#contracts/dashboard.ts';
import { json, stubApiFetch } from '#client/lib/test-support/fake-api.ts';
import { useAutomationRules } from '../api/get-automation-rules.ts';
import { RuleList } from './rule-list.tsx';

const rule: AutomationRule = {
  id: 'r1',
  name: 'Fire Emoji Comment to DM',
  trigger: 'A comment contains the 🔥 emoji',
  action: 'Send the commenter a DM with the product link',
  active: true,
  triggerConfig: { type: 'comment_keyword', keywords: ['🔥'] },
  actionConfig: { type: 'private_reply_product_link' },
};

function Rules() {
  const query = useAutomationRules('b1');
  return query.data ? <RuleList brandId="b1" rules={query.data} onEdit={() => {}} /> : null;
}

function stubApi(patch: () => Response) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  stubApiFetch(async (url, init) => {
    if (url.startsWith('/api/brands/b1/automation-rules')) return json([rule]);
    if (url === '/api/automation-rules/r1' && init?.method === 'PATCH') {
      await held;
      return patch();
    }
    return undefined;
  });
  return { release };
}

describe('rule toggle', () => {
  it('switches at once, and goes back with an error toast when the server refuses', async () => {
    const { release } = stubApi(() => json({ message: 'Automation rule not found', code: 'NOT_FOUND' }, 404));
    render(<Rules />, { wrapper: AppProvider });
    const toggle = await screen.findByRole('switch', { name: 'Fire Emoji Comment to DM active' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    // Optimistic: off before the server answers.
    expect(
      screen.getByRole('switch', { name: 'Fire Emoji Comment to DM active' }).getAttribute('aria-checked'),
    ).toBe('false');
    release();
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Fire Emoji Comment to DM active' }).getAttribute('aria-checked'),
      ).toBe('true'),
    );
    expect(await screen.findByText('Automation rule not found')).toBeTruthy();
  });

  it('asks before deleting; Cancel keeps the rule', async () => {
    stubApi(() => new Response('{}', { status: 200 }));
    render(<Rules />, { wrapper: AppProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Fire Emoji Comment to DM' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this rule?' });
    expect(dialog.textContent).toContain('"Fire Emoji Comment to DM" stops at once and cannot be restored.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Fire Emoji Comment to DM')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });
});
