import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '#contracts/auth.ts';
import { isRoutedPagePath, routedPagePaths } from '#contracts/page-routes.ts';
import { paths } from '#contracts/paths.ts';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

vi.mock('#client/lib/navigation.ts', () => ({ assignLocation: vi.fn(), replaceLocation: vi.fn() }));
const navigation = await import('#client/lib/navigation.ts');

const unverified: CurrentUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  verified: false,
  role: 'user',
};

/** Answers GET /api/auth/user with the user (or 401), optionally only when `release` is called. */
function mockCurrentUser(user: CurrentUser | null, options: { hold?: boolean } = {}) {
  let release: () => void = () => {};
  const gate = options.hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      await gate;
      if (url === '/api/auth/user') {
        return user
          ? new Response(JSON.stringify(user), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            })
          : new Response(JSON.stringify({ message: 'Unauthorized' }), { status: 401 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return () => release();
}

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <AppProvider>
      <Router hook={hook}>
        <AppRouter />
      </Router>
    </AppProvider>,
  );
}

describe('route access', () => {
  // The dashboard is a lazy chunk; its first import (a cold transform) can outlast findBy's 1 s under load.
  // Load it once here so every test below measures the router, not the transform.
  beforeAll(async () => {
    await import('./routes/dashboard/dashboard-routes.tsx');
    // The Revenue screen is a lazy chunk of its own, with its chart library.
    await import('./routes/dashboard/revenue.tsx');
  }, 60_000);

  beforeEach(() => {
    vi.mocked(navigation.replaceLocation).mockReset();
    vi.mocked(navigation.assignLocation).mockReset();
  });
  it('shows a neutral loading state, not the not-found page, on a dashboard path while the user loads', async () => {
    const release = mockCurrentUser({ ...unverified, verified: true }, { hold: true });
    renderAt('/dashboard');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
    release();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
  });

  it('sends a signed-out visitor of a dashboard path to /api/login with returnTo', async () => {
    mockCurrentUser(null);
    renderAt('/dashboard/brands');
    await waitFor(() =>
      expect(navigation.replaceLocation).toHaveBeenCalledWith('/api/login?returnTo=%2Fdashboard%2Fbrands'),
    );
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });

  it('shows signed-out visitors the not-found page for other unknown paths, including /admin', async () => {
    mockCurrentUser(null);
    renderAt('/admin');
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(navigation.replaceLocation).not.toHaveBeenCalled();
  });

  it('shows signed-out visitors the sign-in page with its labelled fields', async () => {
    mockCurrentUser(null);
    renderAt('/login');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
  });

  it('puts unverified users under the review modal, which Escape does not close, over an inert dashboard', async () => {
    mockCurrentUser(unverified);
    renderAt('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Account Under Review' });
    expect(dialog.textContent).toContain(
      'Thank you for signing up! Your account is currently being reviewed by our admin team.',
    );
    expect(dialog.textContent).toContain('ada@example.com');
    expect(dialog.textContent).toContain('We typically review accounts within 24 hours');
    const backdrop = screen.getByTestId('review-backdrop');
    expect(backdrop.hasAttribute('inert')).toBe(true);
    expect(backdrop.className).toContain('blur');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Account Under Review' })).toBeTruthy();
    const signOut = screen.getByRole('button', { name: 'Sign Out' });
    expect(document.activeElement === signOut || dialog.contains(document.activeElement)).toBe(true);
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.click(signOut);
    expect(navigation.assignLocation).toHaveBeenCalledWith('/api/logout');
    // The blurred dashboard asks for no data the API would refuse an unverified user.
    const requested = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(requested).toContain('/api/auth/user');
    expect(requested.filter((url) => url.startsWith('/api/brands'))).toEqual([]);
  });

  it('loads the brands of a verified user', async () => {
    mockCurrentUser({ ...unverified, verified: true });
    renderAt('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back, Ada!' });
    await vi.waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith('/api/brands'))).toBe(true),
    );
  });

  it("says 'your email' when the user has no email", async () => {
    mockCurrentUser({ ...unverified, email: null });
    renderAt('/');
    const dialog = await screen.findByRole('dialog', { name: 'Account Under Review' });
    expect(dialog.textContent).toContain('your email');
  });

  it('gives verified users the overview at / and no modal; /admin only for admins', async () => {
    mockCurrentUser({ ...unverified, verified: true });
    const view = renderAt('/admin');
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    view.unmount();
    mockCurrentUser({ ...unverified, verified: true, role: 'admin' });
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Accounts awaiting review' })).toBeTruthy();
  });

  it('shows a page for every path the server answers 200 (#contracts/page-routes.ts), and not-found for the rest', async () => {
    const admin: CurrentUser = { ...unverified, verified: true, role: 'admin' };
    const pagePaths = [...Object.values(paths), ...Object.values(paths.dashboard)].flatMap((path) =>
      typeof path === 'string' && !path.startsWith('/api/') ? [path] : [],
    );
    for (const path of new Set([...routedPagePaths, ...pagePaths, '/no/such/page'])) {
      mockCurrentUser(admin);
      const view = renderAt(path);
      const headings = await screen.findAllByRole('heading', { level: 1 });
      const isNotFound = headings.some((heading) => heading.textContent === '404 Page Not Found');
      expect([path, isNotFound]).toEqual([path, !isRoutedPagePath(path)]);
      view.unmount();
      vi.unstubAllGlobals();
    }
    // One render per page path (twenty and more): more than the default five seconds on a busy machine.
  }, 30_000);
});
