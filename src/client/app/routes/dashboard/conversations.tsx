import { useSearch } from 'wouter';
import { Inbox } from '#client/features/conversations/components/inbox.tsx';
import { NoBrands, PageHeader, WithBrands } from './with-brands.tsx';

/** Conversations ('Messages & Comments'). */
export function ConversationsRoute() {
  // A brand card's "Conversations" opens this screen on that brand (`?brand=<id>`).
  const initialBrandId = new URLSearchParams(useSearch()).get('brand') ?? undefined;
  return (
    <>
      <PageHeader title="Messages & Comments" />
      <WithBrands>
        {(brands) =>
          brands.length === 0 ? <NoBrands /> : <Inbox brands={brands} initialBrandId={initialBrandId} />
        }
      </WithBrands>
    </>
  );
}
