import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { simulateBuyerMessageInputSchema, type SimulateBuyerMessageInput } from '#contracts/instagram.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormActions } from '#client/components/ui/form-actions.tsx';
import { Modal } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useSimulateBuyerMessage } from '../api/simulate-buyer-message.ts';

/**
 * "Simulate a buyer message", shown only for a brand on the sample Instagram account: the DM or comment goes into
 * the same inbox as one from Instagram, so the assistant answers it live. Nothing is sent anywhere.
 */
export function SimulateBuyerMessage({ brandId }: { brandId: string }) {
  const [open, setOpen] = useState(false);
  const simulate = useSimulateBuyerMessage(brandId);
  const form = useForm<SimulateBuyerMessageInput>({
    resolver: zodResolver(simulateBuyerMessageInputSchema),
    defaultValues: { kind: 'dm', username: 'sample.buyer', text: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((input) =>
    simulate.mutate(input, {
      onSuccess: () => {
        form.resetField('text');
        setOpen(false);
      },
    }),
  );

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Simulate a buyer message
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Simulate a buyer message"
        description="This brand is on the sample Instagram account: the message arrives as a buyer's would, and the assistant answers it here. Nothing leaves this computer."
      >
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-slate-700">It arrives as</legend>
            <div className="flex gap-4">
              {(
                [
                  ['dm', 'A direct message'],
                  ['comment', 'A comment on a post'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input type="radio" value={value} {...form.register('kind')} />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <FormField label="Buyer username" error={errors.username?.message}>
            <Input
              maxLength={30}
              autoComplete="off"
              // Left empty, the server makes one up.
              {...form.register('username', { setValueAs: (value: string) => value.trim() || undefined })}
            />
          </FormField>
          <FormField label="Buyer message" error={errors.text?.message}>
            <textarea
              rows={3}
              maxLength={1000}
              placeholder="Is the classic pullover hoodie in M black in stock?"
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              {...form.register('text')}
            />
          </FormField>
          <FormActions
            onCancel={() => setOpen(false)}
            pending={simulate.isPending}
            submitLabel="Deliver"
            pendingLabel="Delivering..."
          />
        </form>
      </Modal>
    </>
  );
}
