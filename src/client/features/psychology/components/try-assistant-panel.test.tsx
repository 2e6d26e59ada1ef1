import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import type { BrandPersonality } from '#contracts/dashboard.ts';
import { PersonalityForm } from './personality-form.tsx';
import { TryAssistantPanel, usePersonalityDraft } from './try-assistant-panel.tsx';

const personality: BrandPersonality = {
  brandId: 'brand-1',
  archetype: 'sage',
  tone: 'friendly',
  voiceDescription: 'Calm and clear.',
  exampleResponses: '',
  saved: true,
};

const trace = {
  eventKey: 'preview:1',
  outcome: 'replied',
  silentReason: null,
  rule: null,
  intent: 'availability',
  answerKind: 'in_stock',
  product: { id: 'p1', title: 'Classic Pullover Hoodie', fromHistory: false },
  variant: { id: 'v1', title: 'M / Black' },
  stock: {
    quantity: 7,
    availableForSale: true,
    source: 'live',
    asOf: '2026-11-23T12:00:00.000Z',
    latencyMs: 12,
  },
  link: 'https://shop.example/cart/1:1',
  alternative: null,
  provider: 'embedded',
  model: null,
  fallbackReason: null,
  toolCalls: [],
  tokens: null,
  reply:
    'Welcome. The Classic Pullover Hoodie in M / Black is available; 7 pieces remain. https://shop.example/cart/1:1',
  bytes: 100,
  disclosed: false,
  handedOff: false,
  timings: { guards: 0, understanding: 5, total: 20 },
};

function Harness() {
  const { draft, handleFormChange } = usePersonalityDraft(personality);
  return (
    <AppProvider>
      <div onChange={handleFormChange}>
        <PersonalityForm personality={personality} />
      </div>
      <TryAssistantPanel brandId="brand-1" personality={draft} />
    </AppProvider>
  );
}

describe('Try the assistant', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('previews with the unsaved form values and shows the reply and a readable trace', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/brands/brand-1/assistant/preview' && init?.method === 'POST') {
          bodies.push(JSON.parse(String(init.body)));
          return new Response(JSON.stringify({ reply: trace.reply, trace }), { status: 200 });
        }
        return new Response('{"message":"nope"}', { status: 404 });
      }),
    );
    const user = userEvent.setup();
    render(<Harness />);
    await user.selectOptions(screen.getByLabelText('Communication Tone'), 'luxury');
    await user.type(screen.getByLabelText('Buyer message'), 'is the hoodie in M black available?');
    await user.click(screen.getByRole('button', { name: 'Send test message' }));

    expect(await screen.findByText(/7 pieces remain/)).toBeTruthy();
    expect(bodies[0]).toMatchObject({
      message: 'is the hoodie in M black available?',
      history: [],
      personality: { archetype: 'sage', tone: 'luxury', voiceDescription: 'Calm and clear.' },
    });
    expect(screen.getByText('7 in stock, live from the store, 12 ms')).toBeTruthy();
    expect(screen.getByText('Classic Pullover Hoodie')).toBeTruthy();
    expect(screen.getByText('embedded composer')).toBeTruthy();

    // A follow-up carries the conversation so far.
    await user.type(screen.getByLabelText('Buyer message'), 'and in navy?');
    await user.click(screen.getByRole('button', { name: 'Send test message' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect((bodies[1] as { history: unknown[] }).history).toEqual([
      { sender: 'customer', content: 'is the hoodie in M black available?' },
      { sender: 'ai', content: trace.reply },
    ]);
  });

  it('shows the server’s message when the preview fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Brand not found"}', { status: 404 })),
    );
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Buyer message'), 'hi');
    await user.click(screen.getByRole('button', { name: 'Send test message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Brand not found');
  });
});
