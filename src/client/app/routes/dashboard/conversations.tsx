import { useSearch } from 'wouter';
import { Inbox } from '#client/features/conversations/components/inbox.tsx';
import { readChosenBrand } from '#client/hooks/use-chosen-brand.ts';
import { PageHeader, WithSomeBrands } from './with-brands.tsx';

/** Conversations ('Messages & Comments'). */
export function ConversationsRoute() {
  // A brand card's "Conversations" opens this screen on that brand (`?brand=<id>`).
  const search = new URLSearchParams(useSearch());
  // Otherwise the brand chosen on the last screen.
  const initialBrandId = search.get('brand') ?? readChosenBrand() ?? undefined;
  // An attributed order on the Revenue screen links to its conversation (`&conversation=<id>`).
  const initialConversationId = search.get('conversation') ?? undefined;
  // The Performance screen's drill-downs: `?startedOn=YYYY-MM-DD` or `?askedVariant=<variant id>`.
  const drillDown = {
    startedOn: search.get('startedOn') ?? undefined,
    askedVariantId: search.get('askedVariant') ?? undefined,
  };
  return (
    <>
      <PageHeader title="Messages & Comments" />
      <WithSomeBrands>
        {(brands) => (
          <Inbox
            brands={brands}
            initialBrandId={initialBrandId}
            initialConversationId={initialConversationId}
            drillDown={drillDown}
          />
        )}
      </WithSomeBrands>
    </>
  );
}
