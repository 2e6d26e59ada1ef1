import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './dialog.tsx';

function TypedDelete({ onConfirm, error }: { onConfirm: (typed: string) => void; error?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Brand
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Moss and Stone?"
        description="This cannot be undone."
        typed={{
          label: (
            <>
              Type <strong>Moss and Stone</strong> to confirm
            </>
          ),
          matches: (typed) => typed === 'Moss and Stone',
        }}
        cancelLabel="Keep Brand"
        confirmLabel="Delete Brand Permanently"
        onConfirm={onConfirm}
        error={error}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks as an alert dialog and confirms with its button', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={() => {}}
        title="Revoke CI key?"
        description="Its requests answer 401."
        confirmLabel="Revoke Key"
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke CI key?' });
    expect(dialog).toHaveProperty('textContent', expect.stringContaining('Its requests answer 401.'));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Key' }));
    expect(onConfirm).toHaveBeenCalledWith('');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('with a typed confirmation: disabled until the name is typed, Enter confirms, and it starts empty again', async () => {
    const onConfirm = vi.fn();
    render(<TypedDelete onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Brand' }));
    const confirm = screen.getByRole('button', { name: 'Delete Brand Permanently' });
    const field = screen.getByLabelText('Type Moss and Stone to confirm');
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.type(field, 'Moss and{Enter}');
    expect(confirm).toHaveProperty('disabled', true);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.type(field, ' Stone{Enter}');
    expect(onConfirm).toHaveBeenCalledWith('Moss and Stone');

    await userEvent.click(screen.getByRole('button', { name: 'Keep Brand' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Brand' }));
    expect(screen.getByLabelText('Type Moss and Stone to confirm')).toHaveProperty('value', '');
  });

  it('shows a refusal inside the dialog', () => {
    render(
      <ConfirmDialog
        open
        onOpenChange={() => {}}
        title="Delete your account?"
        description="Type pat@example.test to confirm."
        confirmLabel="Delete my account permanently"
        onConfirm={() => {}}
        error="That is not your email."
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('That is not your email.');
  });
});
