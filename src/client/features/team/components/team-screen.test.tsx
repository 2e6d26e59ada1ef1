import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import type { WorkspaceRole } from '#contracts/workspaces.ts';
import { json, stubApiFetch } from '#client/lib/test-support/fake-api.ts';
import { TeamScreen } from './team-screen.tsx';

const workspaceId = '00000000-0000-4000-8000-0000000000aa';
const owner = { userId: '00000000-0000-4000-8000-000000000001', email: 'olga@example.com', role: 'owner' };
const admin = { userId: '00000000-0000-4000-8000-000000000002', email: 'adam@example.com', role: 'admin' };
const agent = { userId: '00000000-0000-4000-8000-000000000003', email: 'ana@example.com', role: 'agent' };

/** The team API in memory; records every call. */
function stubApi() {
  const calls: string[] = [];
  stubApiFetch((url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${url}${init?.body ? ` ${String(init.body)}` : ''}`);
    if (url === '/api/auth/user') return json({ id: admin.userId, email: admin.email, verified: true });
    if (url === `/api/workspaces/${workspaceId}/members`) return json([owner, admin, agent]);
    if (url === `/api/workspaces/${workspaceId}/invitations`) return json([]);
    if (url.startsWith(`/api/workspaces/${workspaceId}/audit-log`)) {
      return json([
        {
          id: '00000000-0000-4000-8000-0000000000f1',
          action: 'member.role_changed',
          target: agent.email,
          detail: { from: 'admin', to: 'agent' },
          actorEmail: owner.email,
          ipAddress: '192.0.2.1',
          createdAt: '2026-11-26T10:00:00.000Z',
        },
      ]);
    }
    if (url === `/api/workspaces/${workspaceId}/members/${agent.userId}` && init?.method === 'PATCH') {
      return json({ ...agent, role: 'admin' });
    }
    return undefined;
  });
  return calls;
}

const renderAs = (role: WorkspaceRole) =>
  render(
    <AppProvider>
      <TeamScreen workspace={{ id: workspaceId, name: 'Agency', role }} currentUserId={admin.userId} />
    </AppProvider>,
  );

describe('the Team screen', () => {
  it('gives an admin role choices without Owner, leaves owners alone, and says the audit log in words', async () => {
    const calls = stubApi();
    renderAs('admin');
    const select = await screen.findByLabelText(`Role of ${agent.email}`);
    expect(within(select).queryByRole('option', { name: 'Owner' })).toBeNull();
    expect(screen.queryByLabelText(`Role of ${owner.email}`)).toBeNull();
    expect(screen.queryByRole('button', { name: `Remove ${owner.email}` })).toBeNull();
    expect(within(screen.getByLabelText('Role')).queryByRole('option', { name: 'Owner' })).toBeNull();
    expect(
      await screen.findByText(`changed the role of ${agent.email} from admin to agent`, { exact: false }),
    ).toBeTruthy();
    expect(screen.getByText(/from 192\.0\.2\.1/)).toBeTruthy();

    await userEvent.selectOptions(select, 'admin');
    expect(calls).toContain(`PATCH /api/workspaces/${workspaceId}/members/${agent.userId} {"role":"admin"}`);
  });

  it('lets an owner make owners and invite them', async () => {
    stubApi();
    renderAs('owner');
    const select = await screen.findByLabelText(`Role of ${owner.email}`);
    expect(within(select).getByRole('option', { name: 'Owner' })).toBeTruthy();
    expect(within(screen.getByLabelText('Role')).getByRole('option', { name: 'Owner' })).toBeTruthy();
  });

  it('shows an agent the members only: no role controls, invitations or audit log', async () => {
    const calls = stubApi();
    renderAs('agent');
    expect(await screen.findByText(owner.email)).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Audit log' })).toBeNull();
    expect(calls.some((call) => call.includes('/invitations') || call.includes('/audit-log'))).toBe(false);
  });
});
