import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import { json, stubApiFetch } from '#client/lib/test-support/fake-api.ts';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

const personal = { id: '00000000-0000-4000-8000-000000000001', name: 'Olga Owner', role: 'owner' };
const agency = { id: '00000000-0000-4000-8000-000000000002', name: 'Agency', role: 'agent' };
const user = {
  id: 'u1',
  email: 'olga@example.com',
  firstName: 'Olga',
  lastName: null,
  verified: true,
  role: 'user',
};

/** The workspaces API in memory: the list, the session's current one, and the switch. */
function stubApi(workspaces: (typeof personal)[]) {
  let current = workspaces[0]!;
  const calls: string[] = [];
  stubApiFetch((url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url === '/api/auth/user') return json(user);
    if (url === '/api/workspaces') return json(workspaces);
    if (url === '/api/session/workspace' && init?.method === 'PUT') {
      const { workspaceId } = JSON.parse(String(init.body)) as { workspaceId: string };
      current = workspaces.find((workspace) => workspace.id === workspaceId)!;
      return json(current);
    }
    if (url === '/api/session/workspace') return json(current);
    return undefined;
  });
  return calls;
}

describe('the workspace switcher', () => {
  it('is not shown to someone in one workspace', async () => {
    const calls = stubApi([personal]);
    render(
      <AppProvider>
        <WorkspaceSwitcher />
      </AppProvider>,
    );
    await waitFor(() => expect(calls).toContain('GET /api/workspaces'));
    expect(screen.queryByLabelText('Workspace')).toBeNull();
  });

  it('lists the workspaces, shows the current one, and switches it on the server', async () => {
    const calls = stubApi([personal, agency]);
    render(
      <AppProvider>
        <WorkspaceSwitcher />
      </AppProvider>,
    );
    const select = await screen.findByLabelText<HTMLSelectElement>('Workspace');
    expect(select.value).toBe(personal.id);
    expect([...select.options].map((option) => option.text)).toEqual(['Olga Owner', 'Agency']);
    await userEvent.selectOptions(select, agency.id);
    await waitFor(() => expect(calls).toContain('PUT /api/session/workspace'));
    await waitFor(() => expect(select.value).toBe(agency.id));
  });
});
