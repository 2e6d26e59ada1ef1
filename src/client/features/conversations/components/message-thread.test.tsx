import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import type { Conversation } from '#contracts/dashboard.ts';
import { json, stubApiFetch } from '#client/lib/test-support/fake-api.ts';
import { MessageThread } from './message-thread.tsx';

const conversation: Conversation = {
  id: '11111111-1111-4111-8111-111111111111',
  customerUsername: 'old.customer',
  lastMessageAt: '2026-11-01T10:00:00.000Z',
  status: 'active',
  handledBy: 'assistant',
  unread: false,
  preview: null,
};

function stubApi(sendWindow: unknown) {
  const calls: string[] = [];
  stubApiFetch((url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url.startsWith(`/api/conversations/${conversation.id}/messages?`)) {
      return json([
        {
          id: 'm1',
          sender: 'customer',
          content: 'Hello?',
          createdAt: '2026-11-01T10:00:00.000Z',
          inventoryChecked: false,
        },
      ]);
    }
    if (url === `/api/conversations/${conversation.id}/send-window`) return json(sendWindow);
    if (url === `/api/conversations/${conversation.id}` && init?.method === 'PATCH') {
      return json({ message: 'Conversation not found', code: 'NOT_FOUND' }, 404);
    }
    return undefined;
  });
  return calls;
}

describe('conversation thread', () => {
  it('says why a reply is not possible before anyone types, and keeps Send off', async () => {
    stubApi({
      allowed: false,
      code: 'window_closed',
      reason: "Instagram allows replies only within 7 days of the customer's last message.",
    });
    render(<MessageThread conversation={conversation} brandId="b1" brandName="Luna" />, {
      wrapper: AppProvider,
    });
    expect(
      await screen.findByText(
        "You can't reply here right now. Instagram allows replies only within 7 days of the customer's last message.",
      ),
    ).toBeTruthy();
    expect((screen.getByPlaceholderText('Type your message...') as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the human agent tag is used, and lets the person type', async () => {
    stubApi({ allowed: true, humanAgentTag: true, closesAt: '2026-11-08T10:00:00.000Z' });
    render(<MessageThread conversation={conversation} brandId="b1" brandName="Luna" />, {
      wrapper: AppProvider,
    });
    const note = await screen.findByText(/more than 24 hours ago/);
    // Plain English, no platform jargon: why, what happens, until when.
    expect(note.textContent?.replace(/\s+/g, ' ')).toMatch(
      /^The buyer last wrote more than 24 hours ago, so only a reply from a person can go out now; Instagram lets yours through marked as one, until \w+day, November \d+ at \d+:\d\d [AP]M\.$/,
    );
    expect(note.textContent).not.toMatch(/human agent tag|window/);
    const textarea = screen.getByPlaceholderText('Type your message...');
    expect(textarea.getAttribute('aria-describedby')).toBe(note.id);
    await waitFor(() =>
      expect((screen.getByPlaceholderText('Type your message...') as HTMLTextAreaElement).disabled).toBe(
        false,
      ),
    );
  });

  it('offers Hand back to AI for an escalated conversation, and reports a refused change', async () => {
    const calls = stubApi({ allowed: true, humanAgentTag: false, closesAt: null });
    render(
      <MessageThread conversation={{ ...conversation, status: 'escalated' }} brandId="b1" brandName="Luna" />,
      { wrapper: AppProvider },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Hand back to AI' }));
    await waitFor(() => expect(calls).toContain(`PATCH /api/conversations/${conversation.id}`));
    expect(await screen.findByText('Conversation not found')).toBeTruthy();
  });
});
