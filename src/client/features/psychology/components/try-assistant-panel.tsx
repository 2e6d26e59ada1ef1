import { useId, useState, type FormEvent } from 'react';
import { assistantLimits, describeTrace, type AssistantTraceView } from '#contracts/assistant.ts';
import { Button } from '#client/components/ui/button.tsx';
import { RequestProblem } from '#client/components/ui/form-message.tsx';
import { usePreviewAssistant } from '../api/preview-assistant.ts';
import { pickPersonality, type PsychologyValues } from '../hooks/use-psychology-form.ts';

interface Turn {
  sender: 'customer' | 'ai';
  content: string;
}

function TraceList({ trace }: { trace: AssistantTraceView }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-xs">
      {describeTrace(trace).map((line) => (
        <div key={line.label} className="contents">
          <dt className="font-medium text-slate-600">{line.label}</dt>
          <dd className="break-words text-slate-800">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A reply's text with its web addresses as links (checkout links open in a new tab); the rest as text. */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)])/g);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a
            key={index}
            href={part}
            target="_blank"
            rel="noreferrer noopener"
            className="break-all font-medium text-brand-700 underline"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** "Try the assistant": a buyer message in, the reply in the brand's voice and its trace out. */
export function TryAssistantPanel({
  brandId,
  values,
}: {
  brandId: string;
  /** The Psychology form's current values, saved or not (unsaved values apply to the preview). */
  values: PsychologyValues;
}) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [turns, setTurns] = useState<Turn[]>([]);
  const [trace, setTrace] = useState<AssistantTraceView | null>(null);
  const preview = usePreviewAssistant(brandId);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text || preview.isPending) return;
    preview.mutate(
      {
        message: text,
        history: turns.slice(-assistantLimits.historyMax),
        personality: pickPersonality(values),
        discloseAutomation: values.discloseAutomation,
      },
      {
        onSuccess: (result) => {
          setTurns((current) => [
            ...current,
            { sender: 'customer', content: text },
            ...(result.reply ? [{ sender: 'ai' as const, content: result.reply }] : []),
          ]);
          setTrace(result.trace);
          setMessage('');
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          Try the assistant
        </h2>
        <p className="text-sm text-slate-600">
          Write as a buyer would. The reply uses the settings above, saved or not, and your store's live
          stock. Nothing is sent.
        </p>
      </div>
      {turns.length > 0 ? (
        <ol className="flex flex-col gap-2" aria-label="Test conversation">
          {turns.map((turn, index) => (
            <li
              key={index}
              className={
                turn.sender === 'customer'
                  ? 'self-end rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-900'
                  : 'self-start whitespace-pre-wrap break-words rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-900'
              }
            >
              <span className="sr-only">{turn.sender === 'customer' ? 'Buyer: ' : 'Assistant: '}</span>
              <LinkedText text={turn.content} />
            </li>
          ))}
        </ol>
      ) : null}
      <form onSubmit={handleSubmit} className="flex flex-col gap-2">
        <label htmlFor={`${id}-message`} className="text-sm font-medium text-slate-800">
          Buyer message
        </label>
        <textarea
          id={`${id}-message`}
          rows={2}
          maxLength={assistantLimits.messageMax}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends, as in a chat; Shift+Enter (or an input method still composing) makes a new line.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          aria-describedby={`${id}-keys`}
          placeholder="Is the hoodie in M still available?"
          className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
        />
        <p id={`${id}-keys`} className="text-xs text-slate-600">
          Enter sends; Shift+Enter starts a new line.
        </p>
        <RequestProblem request={preview} fallback="The preview failed. Please try again." inline />
        <div className="flex justify-end gap-2">
          <Button
            variant="outline"
            disabled={turns.length === 0}
            onClick={() => {
              setTurns([]);
              setTrace(null);
            }}
          >
            Start over
          </Button>
          <Button type="submit" disabled={preview.isPending || message.trim() === ''}>
            {preview.isPending ? 'Thinking…' : 'Send test message'}
          </Button>
        </div>
      </form>
      {trace ? (
        <div aria-live="polite" className="flex flex-col gap-2 border-t border-slate-200 pt-3">
          <h3 className="text-sm font-semibold text-slate-900">Why this reply</h3>
          <TraceList trace={trace} />
        </div>
      ) : null}
    </section>
  );
}
