import { Archive, CircleCheck, Send, Sparkles, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import type { Conversation, Message } from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorState, LoadingState } from '#client/components/ui/query-state.tsx';
import { cn } from '#client/lib/cn.ts';
import { useMessages } from '../api/get-messages.ts';
import { formatTime } from './format-time.ts';

function MessageBubble({ message }: { message: Message }) {
  const isCustomer = message.sender === 'customer';
  return (
    <li
      className={cn('flex', isCustomer ? 'justify-start' : 'justify-end')}
      data-testid="message"
      data-sender={message.sender}
    >
      <div
        className={cn(
          'max-w-[75%] rounded-lg px-3 py-2 text-sm',
          isCustomer ? 'bg-slate-100 text-slate-900' : 'bg-brand-600 text-white',
        )}
      >
        {/* spec §2: anything not from the customer is the product's AI. */}
        {!isCustomer && <p className="text-xs font-semibold">Voicecart AI</p>}
        <p className="whitespace-pre-wrap">{message.content}</p>
        <p
          className={cn(
            'mt-1 flex flex-wrap items-center gap-2 text-xs',
            isCustomer ? 'text-slate-600' : 'text-brand-50',
          )}
        >
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          {message.inventoryChecked && (
            <span
              data-testid="inventory-badge"
              className="rounded bg-white px-1.5 py-0.5 font-medium text-green-900"
            >
              ✅ Inventory Checked
            </span>
          )}
        </p>
      </div>
    </li>
  );
}

/** spec §2 Composer: Send only clears the text; nothing is sent. */
function Composer() {
  const [text, setText] = useState('');
  const id = useId();
  return (
    <form
      className="flex flex-col gap-2 border-t border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        setText('');
      }}
    >
      <label htmlFor={id} className="sr-only">
        Message
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Type your message..."
        rows={2}
        className="w-full resize-none rounded-md border border-slate-300 p-2 text-sm"
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm">
          <Sparkles aria-hidden="true" className="h-4 w-4" /> Generate AI Response
        </Button>
        <Button type="submit" size="sm">
          <Send aria-hidden="true" className="h-4 w-4" /> Send
        </Button>
      </div>
    </form>
  );
}

/** spec §2 Conversations, right pane. */
export function MessageThread({
  conversation,
  brandName,
}: {
  conversation: Conversation | undefined;
  brandName: string | undefined;
}) {
  const query = useMessages(conversation?.id);
  if (!conversation) {
    return (
      <div className="flex h-full items-center justify-center p-8 text-sm text-slate-600">
        Select a conversation to start messaging
      </div>
    );
  }
  const messages = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="thread-heading" className="flex h-full flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 p-4">
        <div>
          <h2 id="thread-heading" className="font-semibold text-slate-900">
            Conversation with {conversation.customerUsername}
          </h2>
          <p className="text-sm text-slate-600">Brand: {brandName ?? 'Unknown'}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm">
            <Archive aria-hidden="true" className="h-4 w-4" /> Archive
          </Button>
          <Button variant="outline" size="sm">
            <CircleCheck aria-hidden="true" className="h-4 w-4" /> Mark Resolved
          </Button>
          <Button variant="outline" size="sm">
            <TriangleAlert aria-hidden="true" className="h-4 w-4" /> Escalate
          </Button>
        </div>
      </div>
      <div className="flex-1 overflow-y-auto p-4">
        {query.isPending ? (
          <LoadingState label="Loading messages..." />
        ) : query.isError ? (
          <ErrorState
            title="Could not load the messages"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : messages.length === 0 ? (
          <p className="text-center text-sm text-slate-600">No messages in this conversation yet</p>
        ) : (
          <>
            <ul className="flex flex-col gap-3" aria-label="Messages">
              {messages.map((message) => (
                <MessageBubble key={message.id} message={message} />
              ))}
            </ul>
            {query.hasNextPage && (
              <div className="mt-3 flex justify-center">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  Load later messages
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      <Composer />
    </section>
  );
}
