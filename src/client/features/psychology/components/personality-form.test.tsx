import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import type { AssistantSettings } from '#contracts/assistant.ts';
import { json, stubApiFetch } from '#client/lib/test-support/fake-api.ts';
import { usePsychologyForm } from '../hooks/use-psychology-form.ts';
import { savedPersonality } from '../test-support/personality.ts';
import { PersonalityForm } from './personality-form.tsx';
import { confirmLeavingPersonality, UNSAVED_CHANGES_QUESTION } from './unsaved-changes.ts';

const noticeLabel = 'Tell buyers the first reply is automated';

function Form({ settings }: { settings: AssistantSettings }) {
  const form = usePsychologyForm(savedPersonality, settings);
  return <PersonalityForm form={form} />;
}

/** The form with the saved personality and `settings`, and the user who acts on it. */
function renderForm(settings: AssistantSettings = { discloseAutomation: true }) {
  const user = userEvent.setup();
  render(
    <AppProvider>
      <Form settings={settings} />
    </AppProvider>,
  );
  return user;
}

/** The automated-reply notice's checkbox. */
const noticeCheckbox = () => screen.getByRole<HTMLInputElement>('checkbox', { name: noticeLabel });

type Answer = { status: number; body: unknown };
/** The two PUTs Save may send; each answers what its function says, echoing the body by default. */
function stubSaves(
  answers: { personality?: (body: unknown) => Answer; settings?: (body: unknown) => Answer } = {},
) {
  const calls: { url: string; body: unknown }[] = [];
  const echo = (body: unknown): Answer => ({ status: 200, body });
  stubApiFetch((url, init) => {
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (init?.method === 'PUT') calls.push({ url, body });
    let answer: Answer | undefined;
    if (url === '/api/brands/brand-1/personality' && init?.method === 'PUT') {
      const stored = { brandId: 'brand-1', ...(body as object), saved: true };
      answer = answers.personality?.(body) ?? echo(stored);
    } else if (url === '/api/brands/brand-1/assistant/settings' && init?.method === 'PUT') {
      answer = answers.settings?.(body) ?? echo(body);
    }
    return answer && json(answer.body, answer.status);
  });
  return calls;
}

describe('Psychology Settings: the automated-reply notice', () => {
  it('is a labelled checkbox from the saved setting that counts as an unsaved change', async () => {
    stubSaves();
    const user = renderForm({ discloseAutomation: true });
    const notice = noticeCheckbox();
    expect(notice.checked).toBe(true);
    expect(screen.getByText(/ends with a short note/).id).toBe(notice.getAttribute('aria-describedby'));
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    await user.click(notice);
    expect(notice.checked).toBe(false);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    // Leaving now asks first; dismissing stays.
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    expect(confirmLeavingPersonality()).toBe(false);
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_QUESTION);

    await user.click(notice);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    confirm.mockClear();
    expect(confirmLeavingPersonality()).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('works from the keyboard', async () => {
    stubSaves();
    const user = renderForm({ discloseAutomation: false });
    const notice = noticeCheckbox();
    expect(notice.checked).toBe(false);
    notice.focus();
    await user.keyboard(' ');
    expect(notice.checked).toBe(true);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('Save sends only what changed: the setting alone, or both', async () => {
    const calls = stubSaves();
    const user = renderForm();
    await user.click(noticeCheckbox());
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(calls).toEqual([
      { url: '/api/brands/brand-1/assistant/settings', body: { discloseAutomation: false } },
    ]);
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    calls.length = 0;
    await user.selectOptions(screen.getByLabelText('Communication Tone'), 'witty');
    await user.click(noticeCheckbox());
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual(
      expect.arrayContaining([
        { url: '/api/brands/brand-1/assistant/settings', body: { discloseAutomation: true } },
        {
          url: '/api/brands/brand-1/personality',
          body: {
            archetype: 'sage',
            tone: 'witty',
            voiceDescription: 'Calm and clear.',
            exampleResponses: '',
          },
        },
      ]),
    );
    await vi.waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  });

  it('when the setting fails to save, says so, keeps it unsaved, and keeps the personality that saved', async () => {
    let settingsFail = true;
    const calls = stubSaves({
      settings: (body) =>
        settingsFail
          ? { status: 503, body: { message: 'The database is busy. Please try again.' } }
          : { status: 200, body },
    });
    const user = renderForm();
    await user.selectOptions(screen.getByLabelText('Communication Tone'), 'witty');
    await user.click(noticeCheckbox());
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('The database is busy. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Settings saved')).toBeNull();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(noticeCheckbox().checked).toBe(false);
    expect(calls).toHaveLength(2);

    // Save again: only the setting is left to save.
    settingsFail = false;
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(calls).toEqual([
      { url: '/api/brands/brand-1/assistant/settings', body: { discloseAutomation: false } },
    ]);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('when the personality fails to save, shows the failure and saves the setting alone', async () => {
    const calls = stubSaves({ personality: () => ({ status: 404, body: { message: 'Brand not found' } }) });
    const user = renderForm();
    await user.selectOptions(screen.getByLabelText('Communication Tone'), 'witty');
    await user.click(noticeCheckbox());
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Brand not found')).toBeTruthy();
    expect(calls).toHaveLength(2);
    // The tone is still unsaved; the setting is not.
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/brands/brand-1/personality');
  });

  it('Reset to Defaults turns it back on, as an unsaved change', async () => {
    stubSaves();
    const user = renderForm({ discloseAutomation: false });
    await user.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    expect(noticeCheckbox().checked).toBe(true);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });
});
