import { Inbox } from '#client/features/conversations/components/inbox.tsx';
import { NoBrands, PageHeader, WithBrands } from './with-brands.tsx';

/** spec §2 Conversations ('Messages & Comments'). */
export function ConversationsRoute() {
  return (
    <>
      <PageHeader title="Messages & Comments" />
      <WithBrands>{(brands) => (brands.length === 0 ? <NoBrands /> : <Inbox brands={brands} />)}</WithBrands>
    </>
  );
}
