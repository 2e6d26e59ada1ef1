import type { Conversation } from '#contracts/dashboard.ts';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatTime, getCustomerInitials } from './format-time.ts';

const statusTone = (status: string): BadgeTone =>
  status === 'active' ? 'success' : status === 'resolved' ? 'neutral' : 'warning';

/** Conversations: DM items. */
export function ConversationList({
  conversations,
  selectedId,
  onSelect,
}: {
  conversations: Conversation[];
  selectedId: string | undefined;
  onSelect: (conversation: Conversation) => void;
}) {
  if (conversations.length === 0) return <p className="p-4 text-sm text-slate-600">No conversations yet</p>;
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
              className={cn(
                'flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                isSelected && 'bg-brand-50',
              )}
            >
              <Avatar initials={getCustomerInitials(conversation.customerUsername)} />
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium text-slate-900">{conversation.customerUsername}</span>
                  <time dateTime={conversation.lastMessageAt} className="shrink-0 text-xs text-slate-600">
                    {formatTime(conversation.lastMessageAt)}
                  </time>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="text-xs text-slate-600">Click to view messages</span>
                  <Badge tone={statusTone(conversation.status)}>{conversation.status}</Badge>
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
