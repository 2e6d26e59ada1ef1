import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import { getToasts, resetToasts } from '#client/hooks/use-toast.ts';
import { CreateBrandDialog } from './brand-dialogs.tsx';

const refusal =
  '@lunaskincare is already the Instagram account of your brand "Luna Skincare". Each brand needs its own account.';

describe('the create-brand dialog', () => {
  afterEach(() => {
    resetToasts();
  });

  it('says a refusal once, in the dialog, with no toast behind it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: refusal, code: 'CONFLICT' }), {
            status: 409,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    render(
      <AppProvider>
        <CreateBrandDialog open onOpenChange={() => {}} />
      </AppProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Brand Name'), 'Luna Again');
    await user.type(screen.getByLabelText('Instagram Username'), '@LunaSkincare');
    await user.click(screen.getByRole('button', { name: 'Create Brand' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(getToasts()).toEqual([]);
  });
});
