import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { resetToasts } from '#client/hooks/use-toast.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import DemoDialogDefault, { CONFIRMATION_MS, DemoDialog } from './demo-dialog.tsx';

const slots = ['9:00 AM', '10:00 AM'];

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <QueryClientProvider client={createQueryClient()}>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <DemoDialog open={open} onOpenChange={setOpen} />
      <Toaster />
    </QueryClientProvider>
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('DemoDialog', () => {
  let requests: { url: string; body?: unknown }[];
  let scheduleResponse: () => Response;

  beforeEach(() => {
    requests = [];
    scheduleResponse = () =>
      json(201, {
        id: 'b1',
        date: '2030-01-01',
        timeSlot: '10:00 AM',
        startsAt: '2030-01-01T18:00:00.000Z',
        name: 'Ada',
        email: 'ada@example.com',
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        requests.push({ url, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
        if (url.startsWith('/api/demo/available-slots')) return json(200, { availableSlots: slots });
        if (url === '/api/demo/schedule') return scheduleResponse();
        return json(404, { message: 'not found' });
      }),
    );
  });
  afterEach(() => {
    resetToasts();
  });

  async function chooseFirstDayAndSlot(user: ReturnType<typeof userEvent.setup>, slot = '10:00 AM') {
    const dialog = screen.getByRole('dialog');
    const day = within(dialog)
      .getAllByRole('button')
      .find((b) => b.closest('[data-day]') && !b.hasAttribute('disabled'))!;
    await user.click(day);
    await user.click(await within(dialog).findByRole('button', { name: slot }));
    return dialog;
  }

  it('is also the default export (the landing page lazy-loads it)', () => {
    expect(DemoDialogDefault).toBe(DemoDialog);
  });

  it('books a demo: the form, Scheduling..., the toast, then closes after 3000 ms and resets', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const dialog = await chooseFirstDayAndSlot(user);
    expect(requests[0]?.url).toMatch(/^\/api\/demo\/available-slots\?date=\d{4}-\d{2}-\d{2}$/);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Demo' }));

    expect(await screen.findAllByText("We've sent a confirmation email to ada@example.com")).not.toHaveLength(
      0,
    );
    expect(requests.find((r) => r.url === '/api/demo/schedule')?.body).toMatchObject({
      timeSlot: '10:00 AM',
      name: 'Ada',
      email: 'ada@example.com',
    });
    const shownAt = Date.now();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: CONFIRMATION_MS + 2000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(CONFIRMATION_MS - 200);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByText('Choose a date to see available times.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  }, 15_000);

  it('shows the server message on failure, and the fallback when there is none', async () => {
    const user = userEvent.setup();
    scheduleResponse = () =>
      json(409, { message: 'That time slot was just booked. Please choose another time.' });
    render(<Harness />);
    const dialog = await chooseFirstDayAndSlot(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Demo' }));
    expect(
      await screen.findAllByText('That time slot was just booked. Please choose another time.'),
    ).not.toHaveLength(0);
    // After a 409 the chosen slot is forgotten and the date's slots are fetched again.
    await waitFor(() =>
      expect(requests.filter((r) => r.url.startsWith('/api/demo/available-slots'))).toHaveLength(2),
    );
    expect((within(dialog).getByRole('textbox', { name: 'Time (PST)' }) as HTMLInputElement).value).toBe('');

    scheduleResponse = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(within(dialog).getByRole('button', { name: '9:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Demo' }));
    expect(await screen.findAllByText('Failed to schedule demo. Please try again.')).not.toHaveLength(0);
  });
});
