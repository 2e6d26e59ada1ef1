import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import { json, stubApiFetch } from '#client/lib/test-support/fake-api.ts';
import { ConnectionCard } from './connection-card.tsx';

const brand = {
  id: 'b-1',
  name: 'Luna Skincare',
  username: 'lunaskincare',
  active: true,
  instagramConnected: false,
  shopifyConnected: false,
};
const base = {
  brandId: 'b-1',
  accountId: '17841400000000001',
  username: 'luna.skin',
  tokenExpiresAt: '2027-01-20T10:00:00.000Z',
  lastWebhookAt: null,
  connectedAt: '2026-11-20T10:00:00.000Z',
  statusReason: null,
};

function stubConnection(connection: Record<string, unknown>, status = 200) {
  const calls: string[] = [];
  stubApiFetch((url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (init?.method === 'PUT')
      return json({ message: 'Instagram refused the access token: Session has expired' }, 400);
    return json(connection, status);
  });
  return calls;
}

describe('Instagram connection card', () => {
  it('shows the reconnect banner with Instagram’s reason when the token was refused', async () => {
    stubConnection({ ...base, status: 'needs_reconnect', statusReason: 'Error validating access token' });
    render(<ConnectionCard brand={brand} oauthAvailable />, { wrapper: AppProvider });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Reconnect @luna.skin to keep answering messages.');
    expect(banner.textContent).toContain('Instagram said: Error validating access token');
    expect(screen.getByRole('link', { name: 'Reconnect with Instagram' }).getAttribute('href')).toBe(
      '/api/instagram/connect?brandId=b-1',
    );
    expect(screen.getByText('Needs reconnect')).toBeTruthy();
  });

  it('a connected account: account, expiry, no webhook yet, Disconnect; no OAuth button when the server lacks it', async () => {
    stubConnection({ ...base, status: 'connected' });
    render(<ConnectionCard brand={brand} oauthAvailable={false} />, { wrapper: AppProvider });
    expect(await screen.findByText('@luna.skin (17841400000000001)')).toBeTruthy();
    expect(screen.getByText('None yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /with Instagram/ })).toBeNull();
    // Says in plain words why, and what to do instead.
    expect(screen.getByText(/not switched on for this Voicecart server/).textContent).toContain(
      'access token from Meta’s app dashboard',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('labels the demo’s sample account as such', async () => {
    stubConnection({ ...base, status: 'connected', sample: true });
    render(<ConnectionCard brand={brand} oauthAvailable />, { wrapper: AppProvider });
    expect(await screen.findByText('Sample account')).toBeTruthy();
    expect(screen.queryByText('Connected')).toBeNull();
    expect(screen.getByText(/nothing is sent to Instagram/)).toBeTruthy();
  });

  it('the token form shows the server’s refusal', async () => {
    const calls = stubConnection({
      ...base,
      status: 'not_connected',
      accountId: null,
      username: null,
      tokenExpiresAt: null,
      connectedAt: null,
    });
    render(<ConnectionCard brand={brand} oauthAvailable />, { wrapper: AppProvider });
    await userEvent.click(await screen.findByText('Use a token from Meta’s app dashboard'));
    await userEvent.type(screen.getByLabelText('Instagram account ID'), '17841400000000001');
    await userEvent.type(screen.getByLabelText('Access token'), 'IGAAexpiredtoken1234567890');
    await userEvent.click(screen.getByRole('button', { name: 'Save token' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Instagram refused the access token: Session has expired',
    );
    expect(calls).toContain('PUT /api/brands/b-1/instagram');
  });

  it('a failed load says what failed and retries', async () => {
    stubConnection({ message: 'Brand not found' }, 404);
    render(<ConnectionCard brand={brand} oauthAvailable />, { wrapper: AppProvider });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not load the Instagram connection of Luna Skincare',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
