import type { ReactNode } from 'react';
import type { Conversation } from '#contracts/dashboard.ts';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatTime, getCustomerInitials } from './format-time.ts';

const statusTone = (status: string): BadgeTone =>
  status === 'active' ? 'success' : status === 'resolved' ? 'neutral' : 'warning';

/**
 * Conversations: DM items. Unread ones (buyer messages this person has not opened) carry a dot, a bold name and
 * "unread" in their accessible name; under "Click to view messages" a line of the newest message
 * (docs/spec-deviations.md).
 */
export function ConversationList({
  conversations,
  selectedId,
  onSelect,
  empty = 'No conversations yet',
  emptyAction,
}: {
  conversations: Conversation[];
  selectedId: string | undefined;
  onSelect: (conversation: Conversation) => void;
  /** What an empty list says (a filter that matches nothing is not "no conversations"). */
  empty?: string;
  /** The button that fills an empty list, where there is one (the sample account's simulate control). */
  emptyAction?: ReactNode;
}) {
  if (conversations.length === 0)
    return (
      <div className="flex flex-col items-start gap-3 p-4">
        <p className="text-sm text-slate-600">{empty}</p>
        {emptyAction}
      </div>
    );
  return (
    <ul className="divide-y divide-slate-100" aria-label="Direct messages">
      {conversations.map((conversation) => {
        const isSelected = conversation.id === selectedId;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              onClick={() => onSelect(conversation)}
              aria-pressed={isSelected}
              data-testid="dm-item"
              data-unread={conversation.unread ? 'true' : undefined}
              className={cn(
                'flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                isSelected && 'bg-brand-50',
              )}
            >
              <span className="relative shrink-0">
                <Avatar initials={getCustomerInitials(conversation.customerUsername)} />
                {conversation.unread && (
                  <span
                    data-testid="unread-dot"
                    className="absolute -top-0.5 -right-0.5 h-3 w-3 rounded-full border-2 border-white bg-brand-600"
                  />
                )}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span
                    className={cn(
                      'truncate text-slate-900',
                      conversation.unread ? 'font-bold' : 'font-medium',
                    )}
                  >
                    {conversation.customerUsername}
                    {conversation.unread && <span className="sr-only"> (unread)</span>}
                  </span>
                  <time dateTime={conversation.lastMessageAt} className="shrink-0 text-xs text-slate-600">
                    {formatTime(conversation.lastMessageAt)}
                  </time>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="text-xs text-slate-600">Click to view messages</span>
                  <Badge tone={statusTone(conversation.status)}>{conversation.status}</Badge>
                </span>
                {conversation.preview !== null && (
                  <span
                    data-testid="dm-preview"
                    className={cn(
                      'block truncate text-xs',
                      conversation.unread ? 'font-semibold text-slate-900' : 'text-slate-600',
                    )}
                  >
                    {conversation.preview}
                  </span>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
