import { ErrorState, LoadingState } from '#client/components/ui/query-state.tsx';
import { useSampleCart } from '#client/features/store/api/get-sample-cart.ts';

/**
 * Where a sample-store checkout link leads. Nothing is sold: it shows the cart the link holds,
 * so the whole path (assistant, link, cart) can be tried with no store.
 */
export default function SampleCartRoute() {
  const items = new URLSearchParams(window.location.search).get('items') ?? '';
  const query = useSampleCart(items);
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col gap-6 p-6">
      <h1 className="text-2xl font-bold text-slate-900">Sample store cart</h1>
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        This is the Voicecart sample store: nothing here is for sale and no payment is taken.
      </p>
      {items === '' ? (
        <p className="text-slate-700">This cart is empty.</p>
      ) : query.isPending ? (
        <LoadingState label="Loading the cart..." />
      ) : query.isError ? (
        <ErrorState
          title="Could not load this cart"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Items in the cart</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2">
                Product
              </th>
              <th scope="col" className="py-2">
                Quantity
              </th>
              <th scope="col" className="py-2">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.lines.map((line) => (
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
    </main>
  );
}
