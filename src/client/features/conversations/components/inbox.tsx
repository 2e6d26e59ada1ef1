import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { Brand, Conversation } from '#contracts/dashboard.ts';
import { BrandSelect } from '#client/components/brand-select.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SearchInput } from '#client/components/ui/search-input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { ErrorState, LoadingState, NextPageButton } from '#client/components/ui/query-state.tsx';
import { LG_AND_UP, useMediaQuery } from '#client/hooks/use-media-query.ts';
import { cn } from '#client/lib/cn.ts';
import { useComments } from '../api/get-comments.ts';
import { useConversations } from '../api/get-conversations.ts';
import { useInboxCounts } from '../api/get-inbox-counts.ts';
import { useMarkRead } from '../api/conversation-actions.ts';
import { useInstagramConnection } from '../api/simulate-buyer-message.ts';
import { CommentList } from './comment-list.tsx';
import { ConversationList } from './conversation-list.tsx';
import { MessageThread } from './message-thread.tsx';
import { SimulateBuyerMessage } from './simulate-buyer-message.tsx';

type Tab = 'dms' | 'comments';

// Open is the default view: resolved and archived conversations are done with until someone asks for them.
const statusFilters = [
  { value: 'open', label: 'Open (not resolved or archived)' },
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'archived', label: 'Archived' },
  { value: 'escalated', label: 'Escalated' },
] as const;

/** The search as typed, sent to the server once typing pauses. */
function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Messages & Comments: both panes, for the user's brands. Search, the status filter
 * and the tab counts are answered by the server, so they cover every page of a long list.
 */
export function Inbox({
  brands,
  initialBrandId,
  initialConversationId,
  drillDown: initialDrillDown,
}: {
  brands: Brand[];
  initialBrandId?: string | undefined;
  /** Opened from elsewhere (an attributed order on the Revenue screen): selected once the list has it. */
  initialConversationId?: string | undefined;
  /** From the Performance screen: the conversations of one day, or those that asked for a sold-out variant. */
  drillDown?: { startedOn?: string | undefined; askedVariantId?: string | undefined } | undefined;
}) {
  const [drillDown, setDrillDown] = useState(initialDrillDown ?? {});
  const [brandId, setBrandId] = useState<string | undefined>(
    brands.some((b) => b.id === initialBrandId) ? initialBrandId : brands[0]?.id,
  );
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('open');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [tab, setTab] = useState<Tab>('dms');
  const [selected, setSelected] = useState<Conversation | undefined>();
  const q = useDebounced(search.trim(), 250);
  const filters = { q, status, ...(unreadOnly ? { unread: 'true' as const } : {}), ...drillDown };
  const conversationsQuery = useConversations(brandId, filters);
  const commentsQuery = useComments(brandId, q);
  const countsQuery = useInboxCounts(brandId, filters);
  const statusId = useId();
  const tabsId = useId();
  const brand = brands.find((b) => b.id === brandId);
  // Narrower than `lg` the inbox is one pane at a time: the list, then the chosen thread with a Back button.
  const isTwoPane = useMediaQuery(LG_AND_UP, true);

  const conversations = useMemo(
    () => conversationsQuery.data?.pages.flatMap((page) => page.items) ?? [],
    [conversationsQuery.data],
  );
  const comments = useMemo(
    () => commentsQuery.data?.pages.flatMap((page) => page.items) ?? [],
    [commentsQuery.data],
  );
  // The selected conversation as the list now has it (status changes, live updates), else as it was picked.
  const current =
    conversations.find((c) => c.id === selected?.id) ??
    selected ??
    (brandId === initialBrandId ? conversations.find((c) => c.id === initialConversationId) : undefined);

  // The DM count says what it counts: the status shown ("5 open") and whether only unread ones are.
  const dmCount = countsQuery.data?.conversations ?? conversations.length;
  const dmWhat = [status, unreadOnly ? 'unread' : ''].filter(Boolean).join(', ');
  const unreadCount = countsQuery.data?.unread;
  const markRead = useMarkRead(brandId ?? '');
  const { mutate: markReadNow } = markRead;
  // Opening a conversation reads it; a buyer message arriving while it is open is read as it shows.
  useEffect(() => {
    if (current?.unread && (isTwoPane || tab === 'dms')) markReadNow(current.id);
  }, [current?.id, current?.unread, isTwoPane, tab, markReadNow]);
  const connection = useInstagramConnection(brandId);

  const tabs: { id: Tab; label: string }[] = [
    { id: 'dms', label: `DMs (${dmCount}${dmWhat ? ` ${dmWhat}` : ''})` },
    { id: 'comments', label: `Comments (${countsQuery.data?.comments ?? comments.length})` },
  ];
  // WAI-ARIA tabs: arrow keys move between tabs.
  const handleTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next: Tab = tab === 'dms' ? 'comments' : 'dms';
    setTab(next);
    document.getElementById(`${tabsId}-${next}-tab`)?.focus();
  };

  const activeQuery = tab === 'dms' ? conversationsQuery : commentsQuery;

  return (
    <div className="grid min-h-[32rem] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm lg:grid-cols-[22rem_1fr]">
      <div
        className={cn(
          'flex min-h-0 min-w-0 flex-col lg:border-r',
          !isTwoPane && current && tab === 'dms' && 'hidden',
        )}
      >
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4">
          <BrandSelect
            brands={brands}
            value={brandId}
            onChange={(id) => {
              setBrandId(id);
              setSelected(undefined);
            }}
          />
          {(drillDown.startedOn || drillDown.askedVariantId) && (
            <p className="flex items-center justify-between gap-2 rounded-md bg-brand-50 px-3 py-2 text-sm text-slate-800">
              <span>
                {drillDown.startedOn
                  ? `Conversations started on ${drillDown.startedOn}`
                  : 'Conversations that asked for a sold-out variant'}
              </span>
              <Button variant="ghost" size="sm" onClick={() => setDrillDown({})}>
                Show all
              </Button>
            </p>
          )}
          <SearchInput
            label="Search conversations and comments"
            value={search}
            onChange={setSearch}
            placeholder="Search..."
          />
          {connection.data?.sample && brandId && (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-slate-800">
              <span>Sample Instagram account: nothing is sent to Instagram.</span>
              <SimulateBuyerMessage brandId={brandId} />
            </div>
          )}
          <div className="flex items-center gap-2">
            <label htmlFor={statusId} className="text-sm font-medium text-slate-700">
              Status
            </label>
            <Select
              id={statusId}
              value={status}
              onChange={(event) => setStatus(event.target.value)}
              // min-w-0: the longest option must not push the Unread button out of the list's column.
              className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm"
              options={statusFilters}
            />
            <Button
              variant={unreadOnly ? 'default' : 'outline'}
              size="sm"
              aria-pressed={unreadOnly}
              onClick={() => setUnreadOnly((value) => !value)}
            >
              Unread{unreadCount !== undefined ? ` (${unreadCount})` : ''}
            </Button>
          </div>
          <div
            role="tablist"
            aria-label="Messages and comments"
            className="grid grid-cols-2 gap-1 rounded-md bg-slate-100 p-1"
          >
            {tabs.map((t) => (
              <button
                key={t.id}
                id={`${tabsId}-${t.id}-tab`}
                type="button"
                role="tab"
                aria-selected={tab === t.id}
                aria-controls={`${tabsId}-panel`}
                tabIndex={tab === t.id ? 0 : -1}
                onClick={() => setTab(t.id)}
                onKeyDown={handleTabKey}
                className={cn(
                  'rounded px-2 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                  tab === t.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700',
                )}
              >
                {t.label}
              </button>
            ))}
          </div>
        </div>
        <div
          id={`${tabsId}-panel`}
          role="tabpanel"
          aria-labelledby={`${tabsId}-${tab}-tab`}
          className="min-h-0 flex-1 overflow-y-auto lg:max-h-[calc(100vh-18rem)]"
        >
          {activeQuery.isPending ? (
            <LoadingState label={tab === 'dms' ? 'Loading conversations...' : 'Loading comments...'} />
          ) : activeQuery.isError ? (
            <div className="p-4">
              <ErrorState
                title={tab === 'dms' ? 'Could not load the conversations' : 'Could not load the comments'}
                error={activeQuery.error}
                onRetry={() => void activeQuery.refetch()}
              />
            </div>
          ) : (
            <>
              {tab === 'dms' ? (
                <ConversationList
                  conversations={conversations}
                  selectedId={selected?.id}
                  onSelect={setSelected}
                  empty={
                    q || status !== 'open' || unreadOnly
                      ? 'No conversations match these filters'
                      : 'No open conversations'
                  }
                  emptyAction={
                    connection.data?.sample && brandId ? (
                      <SimulateBuyerMessage brandId={brandId} />
                    ) : undefined
                  }
                />
              ) : (
                <CommentList brandId={brandId!} comments={comments} />
              )}
              {activeQuery.hasNextPage && (
                <div className="flex justify-center p-3">
                  <NextPageButton query={activeQuery} size="sm">
                    Load more
                  </NextPageButton>
                </div>
              )}
            </>
          )}
        </div>
      </div>
      {(isTwoPane || (current && tab === 'dms')) && (
        <div className="min-h-[24rem] min-w-0">
          <MessageThread
            conversation={current}
            brandId={brandId}
            brandName={brand?.name}
            onBack={isTwoPane ? undefined : () => setSelected(undefined)}
          />
        </div>
      )}
    </div>
  );
}
