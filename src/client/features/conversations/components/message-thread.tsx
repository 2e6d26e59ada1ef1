import {
  Archive,
  ArrowLeft,
  Bot,
  CircleCheck,
  Send,
  Sparkles,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { actionLimits, type ConversationStatus } from '#contracts/dashboard-actions.ts';
import type { Conversation, Message } from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import { NextPageButton, QueryView } from '#client/components/ui/query-state.tsx';
import { getServerMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import {
  useDraftReply,
  useSendMessage,
  useSendWindow,
  useUpdateConversationStatus,
} from '../api/conversation-actions.ts';
import { formatMoney } from '#client/lib/money.ts';
import { useConversationOrder } from '../api/get-conversation-order.ts';
import { useMessages } from '../api/get-messages.ts';
import { formatTime } from './format-time.ts';

/** "Ordered · #1042 · $68.00" on a conversation that led to an attributed order. */
function OrderBadge({ conversationId }: { conversationId: string }) {
  const order = useConversationOrder(conversationId).data?.order;
  if (!order) return null;
  return (
    <p
      className="mt-1 inline-flex rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900"
      data-testid="order-badge"
    >
      Ordered · {order.orderNumber} · {formatMoney(order.total, order.currency)}
      {order.status === 'cancelled' || order.status === 'refunded' ? ` · ${order.status}` : ''}
    </p>
  );
}

/** What became of our send (messages.delivery_state), as the thread shows it under the bubble. */
const deliveryLabels: Record<string, string> = {
  queued: 'Sending…',
  sent: 'Sent',
  delivered: 'Delivered',
  seen: 'Seen',
  failed: 'Not sent',
  unknown: 'Waiting for Instagram',
};

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
          isCustomer
            ? 'bg-slate-100 text-slate-900'
            : message.sender === 'agent'
              ? 'bg-slate-800 text-white'
              : 'bg-brand-600 text-white',
        )}
      >
        {/* The AI's replies are labelled as the product's AI; a person's replies as theirs. */}
        {!isCustomer && (
          <p className="text-xs font-semibold">
            {message.sender === 'agent' ? 'You (team)' : 'Voicecart AI'}
          </p>
        )}
        <p className="whitespace-pre-wrap">{message.content}</p>
        <p
          className={cn(
            'mt-1 flex flex-wrap items-center gap-2 text-xs',
            isCustomer ? 'text-slate-600' : 'text-brand-50',
          )}
        >
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          {!isCustomer && message.deliveryState && (
            <span data-testid="delivery-state">
              {deliveryLabels[message.deliveryState] ?? message.deliveryState}
            </span>
          )}
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

/**
 * The composer: whether a person may reply is asked before anyone types, Send sends through
 * Instagram as the team, and Generate AI Response fills the text with the assistant's draft (not sent).
 */
function Composer({ brandId, conversationId }: { brandId: string; conversationId: string }) {
  const [text, setText] = useState('');
  // One key per composed reply: a double click or a retry after a network error sends once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const id = useId();
  const sendWindow = useSendWindow(conversationId);
  const send = useSendMessage(brandId, conversationId);
  const draft = useDraftReply(conversationId);
  const blocked = sendWindow.data && !sendWindow.data.allowed ? sendWindow.data : null;
  const unavailable = sendWindow.isError
    ? (getServerMessage(sendWindow.error) ?? 'Sending is not available right now.')
    : null;
  const canSend = sendWindow.data?.allowed === true;
  return (
    <form
      className="flex flex-col gap-2 border-t border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const content = text.trim();
        if (!content || !canSend) return;
        send.mutate(
          { content, idempotencyKey },
          {
            onSuccess: (result) => {
              if (result.status === 'failed') return;
              setText('');
              setIdempotencyKey(crypto.randomUUID());
            },
          },
        );
      }}
    >
      {(blocked || unavailable) && (
        <p
          role="status"
          id={`${id}-send-window`}
          className="rounded-md bg-amber-50 p-2 text-sm text-amber-900"
          data-testid="send-window"
        >
          {blocked ? `You can't reply here right now. ${blocked.reason}` : unavailable}
        </p>
      )}
      {sendWindow.data?.allowed && sendWindow.data.humanAgentTag && (
        <p id={`${id}-send-window`} className="text-xs text-slate-600" data-testid="send-window">
          The buyer last wrote more than 24 hours ago, so only a reply from a person can go out now; Instagram
          lets yours through marked as one
          {sendWindow.data.closesAt
            ? `, until ${new Date(sendWindow.data.closesAt).toLocaleString('en-US', {
                weekday: 'long',
                month: 'long',
                day: 'numeric',
                hour: 'numeric',
                minute: '2-digit',
              })}`
            : ''}
          .
        </p>
      )}
      <label htmlFor={id} className="sr-only">
        Message
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Type your message..."
        rows={2}
        maxLength={actionLimits.messageContentMax}
        disabled={!canSend}
        aria-describedby={
          blocked || unavailable || (sendWindow.data?.allowed && sendWindow.data.humanAgentTag)
            ? `${id}-send-window`
            : undefined
        }
        className="w-full resize-none rounded-md border border-slate-300 p-2 text-sm disabled:bg-slate-50"
      />
      <div className="flex justify-end gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={draft.isPending}
          onClick={() => draft.mutate(undefined, { onSuccess: ({ reply }) => setText(reply) })}
        >
          <Sparkles aria-hidden="true" className="h-4 w-4" />{' '}
          {draft.isPending ? 'Generating...' : 'Generate AI Response'}
        </Button>
        <Button type="submit" size="sm" disabled={!canSend || send.isPending || !text.trim()}>
          <Send aria-hidden="true" className="h-4 w-4" /> {send.isPending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}

/** Archive, Mark Resolved, Escalate, and Hand back to AI when a person has the conversation. */
/** The statuses a conversation can be moved to from its thread, in the order their buttons stand. */
const statusMoves: { status: ConversationStatus; label: string; icon: LucideIcon }[] = [
  { status: 'archived', label: 'Archive', icon: Archive },
  { status: 'resolved', label: 'Mark Resolved', icon: CircleCheck },
  { status: 'escalated', label: 'Escalate', icon: TriangleAlert },
];

function ThreadActions({ brandId, conversation }: { brandId: string; conversation: Conversation }) {
  const update = useUpdateConversationStatus(brandId);
  const setStatus = (status: ConversationStatus) =>
    update.mutate({ conversationId: conversation.id, status });
  const isPersonOwned = conversation.status === 'escalated' || conversation.handledBy === 'person';
  return (
    <div className="flex flex-wrap gap-2">
      {isPersonOwned && (
        <Button size="sm" onClick={() => setStatus('active')} disabled={update.isPending}>
          <Bot aria-hidden="true" className="h-4 w-4" /> Hand back to AI
        </Button>
      )}
      {statusMoves.map(({ status, label, icon: Icon }) => (
        <Button
          key={status}
          variant="outline"
          size="sm"
          onClick={() => setStatus(status)}
          disabled={update.isPending || conversation.status === status}
        >
          <Icon aria-hidden="true" className="h-4 w-4" /> {label}
        </Button>
      ))}
    </div>
  );
}

/** Conversations, right pane. */
export function MessageThread({
  conversation,
  brandId,
  brandName,
  onBack,
}: {
  conversation: Conversation | undefined;
  brandId: string | undefined;
  brandName: string | undefined;
  /** One pane at a time (phones): back to the list. */
  onBack?: (() => void) | undefined;
}) {
  const query = useMessages(conversation?.id);
  if (!conversation || !brandId) {
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
        {onBack && (
          <Button variant="ghost" size="sm" onClick={onBack} className="w-full justify-start">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to conversations
          </Button>
        )}
        <div className="min-w-0">
          <h2 id="thread-heading" className="font-semibold text-slate-900">
            Conversation with <span className="break-all">{conversation.customerUsername}</span>
          </h2>
          <p className="text-sm text-slate-600">Brand: {brandName ?? 'Unknown'}</p>
          <p className="text-xs text-slate-600" data-testid="thread-status">
            Status: {conversation.status}
            {conversation.handledBy === 'person' ? ' · handled by your team' : ''}
          </p>
          <OrderBadge conversationId={conversation.id} />
        </div>
        <ThreadActions brandId={brandId} conversation={conversation} />
      </div>
      {/* Scrolls on its own, so it takes focus: keyboard users scroll it with the arrow keys. */}
      <div
        className="flex-1 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        role="region"
        aria-label="Message history"
        tabIndex={0}
      >
        <QueryView query={query} loading="Loading messages..." failed="Could not load the messages">
          {() =>
            messages.length === 0 ? (
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
                    <NextPageButton query={query} size="sm">
                      Load later messages
                    </NextPageButton>
                  </div>
                )}
              </>
            )
          }
        </QueryView>
      </div>
      <Composer key={conversation.id} brandId={brandId} conversationId={conversation.id} />
    </section>
  );
}
