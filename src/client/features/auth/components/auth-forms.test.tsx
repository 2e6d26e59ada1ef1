import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import { LoginForm } from './login-form.tsx';
import { SignupForm } from './signup-form.tsx';

vi.mock('#client/lib/navigation.ts', () => ({ assignLocation: vi.fn(), replaceLocation: vi.fn() }));
const navigation = await import('#client/lib/navigation.ts');

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Fills the sign-up form with a valid account and presses Create account. */
async function signUpAsAda() {
  await userEvent.type(screen.getByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'long enough');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('sign-up and sign-in forms', () => {
  beforeEach(() => {
    vi.mocked(navigation.assignLocation).mockReset();
    window.history.replaceState(null, '', '/signup');
  });
  it('checks the fields before sending, naming each problem', async () => {
    const fetchMock = stubFetch(201, {});
    render(<SignupForm />, { wrapper: AppProvider });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs up with returnTo and then loads the page the server names', async () => {
    window.history.replaceState(null, '', '/signup?returnTo=%2Fdashboard%2Fbrands');
    const fetchMock = stubFetch(201, { user: {}, redirectTo: '/dashboard/brands' });
    render(<SignupForm />, { wrapper: AppProvider });
    await signUpAsAda();
    await waitFor(() => expect(navigation.assignLocation).toHaveBeenCalledWith('/dashboard/brands'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/signup');
    expect(JSON.parse(String(init.body))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'long enough',
      returnTo: '/dashboard/brands',
    });
  });

  it('tells the first account it is the administrator, and offers the dashboard instead of moving on', async () => {
    stubFetch(201, {
      user: {
        id: 'u1',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'L',
        profileImageUrl: null,
        verified: true,
        role: 'admin',
      },
      redirectTo: '/',
    });
    render(<SignupForm />, { wrapper: AppProvider });
    await signUpAsAda();
    const heading = await screen.findByRole('heading', { name: 'You are the administrator' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('status').textContent).toContain('You can use the dashboard right away');
    expect(screen.getByRole('link', { name: 'Open your dashboard' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    expect(navigation.assignLocation).not.toHaveBeenCalled();
  });

  it('shows why an OpenID Connect sign-in came back, from a known code only', async () => {
    window.history.replaceState(null, '', '/login?signInError=expired');
    const first = render(<LoginForm />, { wrapper: AppProvider });
    expect(screen.getByRole('alert').textContent).toBe(
      'This sign-in link has expired. Please sign in again.',
    );
    first.unmount();
    window.history.replaceState(null, '', '/login?signInError=%3Cb%3Eyou%20were%20hacked%3C%2Fb%3E');
    render(<LoginForm />, { wrapper: AppProvider });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's message when sign-in fails, and stays", async () => {
    window.history.replaceState(null, '', '/login');
    stubFetch(401, { message: 'Incorrect email or password.', code: 'UNAUTHORIZED' });
    render(<LoginForm />, { wrapper: AppProvider });
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password.');
    expect(navigation.assignLocation).not.toHaveBeenCalled();
  });

  it('never follows an off-site redirect, whatever the server says', async () => {
    window.history.replaceState(null, '', '/login');
    stubFetch(200, { user: {}, redirectTo: '//evil.example' });
    render(<LoginForm />, { wrapper: AppProvider });
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(navigation.assignLocation).toHaveBeenCalledWith('/'));
  });
});
