import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import { json, stubApiFetch } from '#client/lib/test-support/fake-api.ts';
import { usePsychologyForm } from '../hooks/use-psychology-form.ts';
import { savedPersonality } from '../test-support/personality.ts';
import { PersonalityForm } from './personality-form.tsx';
import { TryAssistantPanel } from './try-assistant-panel.tsx';

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

/** As the Psychology route puts them together: one form state for the form and the panel. */
function Playground() {
  const form = usePsychologyForm(savedPersonality, { discloseAutomation: true });
  return (
    <>
      <PersonalityForm form={form} />
      <TryAssistantPanel brandId="brand-1" values={form.values} />
    </>
  );
}

function Harness() {
  return (
    <AppProvider>
      <Playground />
    </AppProvider>
  );
}

/** Answers the preview with `trace` and keeps each request body. */
function stubPreview() {
  const bodies: unknown[] = [];
  stubApiFetch((url, init) => {
    if (url === '/api/brands/brand-1/assistant/preview' && init?.method === 'POST') {
      bodies.push(JSON.parse(String(init.body)));
      return json({ reply: trace.reply, trace });
    }
    return undefined;
  });
  return bodies;
}

describe('Try the assistant', () => {
  it('previews with the unsaved form values and shows the reply and a readable trace', async () => {
    const bodies = stubPreview();
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
      discloseAutomation: true,
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

  it('previews with the unsaved automated-reply notice setting', async () => {
    const bodies = stubPreview();
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Tell buyers the first reply is automated' }));
    await user.type(screen.getByLabelText('Buyer message'), 'hi');
    await user.click(screen.getByRole('button', { name: 'Send test message' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ discloseAutomation: false });
  });

  it('previews with the defaults right after Reset to Defaults, before any Save', async () => {
    const bodies = stubPreview();
    const user = userEvent.setup();
    render(<Harness />);
    await user.selectOptions(screen.getByLabelText('Communication Tone'), 'luxury');
    await user.clear(screen.getByLabelText('Brand Voice Description'));
    await user.type(screen.getByLabelText('Brand Voice Description'), 'Terse.');
    await user.click(screen.getByRole('checkbox', { name: 'Tell buyers the first reply is automated' }));
    await user.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    await user.type(screen.getByLabelText('Buyer message'), 'hi');
    await user.click(screen.getByRole('button', { name: 'Send test message' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    // What the form shows after the reset is what the preview uses; nothing was saved.
    expect(bodies[0]).toMatchObject({
      personality: { archetype: 'everyman', tone: 'friendly', voiceDescription: '', exampleResponses: '' },
      discloseAutomation: true,
    });
  });

  it('shows the server’s message when the preview fails', async () => {
    stubApiFetch(() => json({ message: 'Brand not found' }, 404));
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Buyer message'), 'hi');
    await user.click(screen.getByRole('button', { name: 'Send test message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Brand not found');
  });
});
