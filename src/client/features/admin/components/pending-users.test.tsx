import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import { json, stubApiFetch } from '#client/lib/test-support/fake-api.ts';
import { PendingUsers } from './pending-users.tsx';

const older = {
  id: 'id-1',
  email: 'older@example.com',
  firstName: 'Old',
  lastName: 'Timer',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const newer = {
  id: 'id-2',
  email: 'newer@example.com',
  firstName: null,
  lastName: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};

/** A tiny in-memory admin API: the list, and approve/reject removing from it. */
function stubAdminApi() {
  let pending = [older, newer];
  const calls: string[] = [];
  stubApiFetch((url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url === '/api/admin/pending-users') return json({ users: pending });
    const match = /^\/api\/admin\/users\/([^/]+)\/(approve|reject)$/.exec(url);
    if (match && init?.method === 'POST') {
      const user = pending.find((u) => u.id === match[1])!;
      pending = pending.filter((u) => u.id !== match[1]);
      return json({ id: user.id, email: user.email, status: `${match[2]}d` });
    }
    return undefined;
  });
  return calls;
}

describe('admin: accounts awaiting review', () => {
  it('lists accounts in the order the server gives (oldest first) and approves one', async () => {
    const calls = stubAdminApi();
    render(<PendingUsers />, { wrapper: AppProvider });
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'older@example.com',
      'newer@example.com',
    ]);
    expect(within(rows[1]!).getByText('Old Timer')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve older@example.com' }));
    await waitFor(() => expect(screen.queryByText('older@example.com')).toBeNull());
    expect(calls).toContain('POST /api/admin/users/id-1/approve');
    expect(screen.getByText('newer@example.com')).toBeTruthy();
  });

  it('rejects only after the admin confirms', async () => {
    const calls = stubAdminApi();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(<PendingUsers />, { wrapper: AppProvider });
    const reject = await screen.findByRole('button', { name: 'Reject newer@example.com' });
    await userEvent.click(reject);
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    await userEvent.click(reject);
    await waitFor(() => expect(screen.queryByText('newer@example.com')).toBeNull());
    expect(calls).toContain('POST /api/admin/users/id-2/reject');
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('says so when nobody is waiting', async () => {
    stubApiFetch(() => json({ users: [] }));
    render(<PendingUsers />, { wrapper: AppProvider });
    expect(await screen.findByText('No accounts are awaiting review.')).toBeTruthy();
  });
});
