import { QueryView } from '#client/components/ui/query-state.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TableHead } from '#client/components/ui/table-head.tsx';
import { useSampleCart } from '#client/features/store/api/get-sample-cart.ts';
import { usePlaceSampleOrder } from '#client/features/store/api/place-sample-order.ts';
import { getServerMessage } from '#client/lib/api-client.ts';

/**
 * Where a sample-store checkout link leads. No payment is taken: it shows the cart the link holds, and Place order
 * creates a paid sample order delivered like a store's order webhook, so the whole path (assistant, link, cart,
 * order, revenue) can be tried with no store.
 */
export default function SampleCartRoute() {
  const search = new URLSearchParams(window.location.search);
  const items = search.get('items') ?? '';
  const ref = search.get('ref') ?? undefined;
  const query = useSampleCart(items);
  const placeOrder = usePlaceSampleOrder();
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col gap-6 p-6">
      <h1 className="text-2xl font-bold text-slate-900">Sample store cart</h1>
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        This is the Voicecart sample store: nothing here is for sale and no payment is taken.
      </p>
      {items === '' ? (
        <p className="text-slate-700">This cart is empty.</p>
      ) : (
        <QueryView query={query} loading="Loading the cart..." failed="Could not load this cart">
          {(cart) => (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Items in the cart</caption>
              <TableHead columns={['Product', 'Quantity', 'Price']} />
              <tbody>
                {cart.lines.map((line) => (
                  <tr key={`${line.sku}-${line.variantTitle}`} className="border-b border-slate-100">
                    <td className="py-2 text-slate-900">
                      {line.productTitle} · {line.variantTitle}
                      {!line.availableForSale && <span className="ml-2 text-red-800">(out of stock)</span>}
                    </td>
                    <td className="py-2 text-slate-900">{line.quantity}</td>
                    <td className="py-2 text-slate-900">
                      {line.unitPrice} {line.currency}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </QueryView>
      )}
      {query.isSuccess && (
        <div className="flex flex-col items-start gap-3">
          {/* Closes the loop offline: a paid sample order, counted as revenue when the link came from a conversation. */}
          <Button
            disabled={placeOrder.isPending || placeOrder.isSuccess}
            onClick={() => placeOrder.mutate({ items, ...(ref ? { ref } : {}) })}
          >
            {placeOrder.isPending ? 'Placing order...' : 'Place order'}
          </Button>
          <div role="status" className="text-sm text-slate-800">
            {placeOrder.isSuccess &&
              `Order ${placeOrder.data.orderNumber} placed and paid: ${placeOrder.data.total} ${placeOrder.data.currency}. ${
                placeOrder.data.attributed
                  ? 'It shows on the Revenue screen of the brand whose conversation sent this link.'
                  : 'This link was not sent in a conversation, so the order is not counted as revenue.'
              }`}
            {placeOrder.isError && (getServerMessage(placeOrder.error) ?? 'The order could not be placed.')}
          </div>
        </div>
      )}
    </main>
  );
}
