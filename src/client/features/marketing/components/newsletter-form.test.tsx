import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '#client/hooks/use-toast.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { NewsletterForm } from './newsletter-form.tsx';

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <NewsletterForm />
    </QueryClientProvider>,
  );
}

const lastToast = () => {
  const [toast] = getToasts();
  return toast ? { title: toast.title, description: toast.description, variant: toast.variant } : null;
};

describe('NewsletterForm', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetToasts();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  it('an empty or blank field raises Email required and sends nothing', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Email address'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(lastToast()).toEqual({
      title: 'Email required',
      description: 'Please enter your email address',
      variant: undefined,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts { email, type: "landing footer" }, then Success! and an empty field', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"email":"a@b.co","type":"landing footer","created":true}', { status: 201 }),
    );
    renderForm();
    const field = screen.getByLabelText<HTMLInputElement>('Email address');
    await userEvent.type(field, 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Success!'));
    expect(lastToast()?.description).toBe('Thank you for subscribing to our newsletter');
    expect(field.value).toBe('');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/email-subscribe');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'a@b.co', type: 'landing footer' });
  });

  it('shows Subscribing... and disables the button while the request runs', async () => {
    let resolve: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    renderForm();
    await userEvent.type(screen.getByLabelText('Email address'), 'slow@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const busy = await screen.findByRole('button', { name: 'Subscribing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    resolve(new Response('{}', { status: 201 }));
    await screen.findByRole('button', { name: 'Subscribe' });
  });

  it('any failure raises the destructive Error toast and keeps the text', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Invalid body"}', { status: 400 }));
    renderForm();
    const field = screen.getByLabelText<HTMLInputElement>('Email address');
    await userEvent.type(field, 'bad@');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Error'));
    expect(lastToast()).toEqual({
      title: 'Error',
      description: 'Failed to subscribe. Please try again.',
      variant: 'destructive',
    });
    expect(field.value).toBe('bad@');
  });
});
