import { useId, useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useSimulateBuyerMessage } from '../api/simulate-buyer-message.ts';

/**
 * "Simulate a buyer message", shown only for a brand on the sample Instagram account: the DM or comment goes into
 * the same inbox as one from Instagram, so the assistant answers it live. Nothing is sent anywhere.
 */
export function SimulateBuyerMessage({ brandId }: { brandId: string }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'dm' | 'comment'>('dm');
  const [username, setUsername] = useState('sample.buyer');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const simulate = useSimulateBuyerMessage(brandId);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('Write the buyer message first.');
      return;
    }
    setProblem(null);
    simulate.mutate(
      { kind, text: text.trim(), ...(username.trim() ? { username: username.trim() } : {}) },
      {
        onSuccess: () => {
          setText('');
          setOpen(false);
        },
      },
    );
  };

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
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
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
                  <input
                    type="radio"
                    name={`${id}-kind`}
                    value={value}
                    checked={kind === value}
                    onChange={() => setKind(value)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-username`} className="text-sm font-medium text-slate-700">
              Buyer username
            </label>
            <Input
              id={`${id}-username`}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              maxLength={30}
              autoComplete="off"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-700">
              Buyer message
            </label>
            <textarea
              id={`${id}-text`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={3}
              maxLength={1000}
              placeholder="Is the classic pullover hoodie in M black in stock?"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              className="rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
            {problem && (
              <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            )}
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={simulate.isPending}>
              {simulate.isPending ? 'Delivering...' : 'Deliver'}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
