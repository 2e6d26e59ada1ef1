import { useId, useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { getServerMessage } from '#client/lib/api-client.ts';
import { useFindProduct } from '../api/find-product.ts';
import { ErrorBox } from '#client/components/ui/error-box.tsx';

const outcomeText = { match: 'Match', ambiguous: 'Several products fit', none: 'Not sold here' } as const;

/** Type what a buyer would write, see the three answers the assistant would get. */
export function FindProductBox({ brandId }: { brandId: string }) {
  const [text, setText] = useState('');
  const find = useFindProduct(brandId);
  const inputId = useId();
  const result = find.data;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) find.mutate(text.trim());
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900">
        Find a product
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Write as a buyer would, e.g. “linen shirt white L” or “hoodi in navy, medium”.
      </p>
      <form onSubmit={handleSubmit} className="mt-4 flex flex-wrap items-end gap-2">
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <Label htmlFor={inputId}>Buyer text</Label>
          <Input
            id={inputId}
            value={text}
            maxLength={500}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={find.isPending || !text.trim()}>
          {find.isPending ? 'Searching…' : 'Find'}
        </Button>
      </form>
      {find.isError && (
        <ErrorBox className="mt-4">
          Could not search: {getServerMessage(find.error) ?? 'the server did not answer'}
        </ErrorBox>
      )}
      {result && (
        <div className="mt-4 flex flex-col gap-3" aria-live="polite">
          <p className="text-sm text-slate-800">
            <strong>{outcomeText[result.outcome]}</strong>
            {result.requestedOptions.length > 0 &&
              ` · asked for ${result.requestedOptions.map((option) => `${option.name} ${option.value}`).join(', ')}`}
            {` · found in ${result.latencyMs.find} ms`}
            {result.latencyMs.stock !== null && `, stock in ${result.latencyMs.stock} ms`}
            {result.latencyMs.link !== null && `, link in ${result.latencyMs.link} ms`}
            {` (total ${result.latencyMs.total} ms)`}
          </p>
          {result.matches.length === 0 ? (
            <p className="text-sm text-slate-700">No product of this store fits that text.</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {result.matches.map((match) => {
                const first = match.product.variants.find((variant) => variant.id === match.variantIds[0]);
                return (
                  <li key={match.product.id} className="rounded-md border border-slate-200 p-3 text-sm">
                    <p className="font-medium text-slate-900">
                      {match.product.title}{' '}
                      <span className="font-normal text-slate-600">· score {match.score.toFixed(2)}</span>
                    </p>
                    {first && (
                      <p className="text-slate-700">
                        {first.title} · {first.sku ?? 'no SKU'} · {first.price} {first.currency}
                      </p>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
          {result.stock && (
            <p className="text-sm text-slate-800">
              Stock (
              {result.stock.source === 'live'
                ? 'live from the store'
                : `mirror as of ${new Date(result.stock.asOf).toLocaleString()}`}
              ): {result.stock.availableForSale ? 'in stock' : 'out of stock'}
              {result.stock.quantity !== null && ` · ${result.stock.quantity} left`} · {result.stock.price}{' '}
              {result.stock.currency}
            </p>
          )}
          {result.stock && !result.stock.availableForSale && (
            <p className="text-sm text-slate-800">
              No checkout link: this option is sold out, and the assistant offers the nearest one in stock
              instead.
            </p>
          )}
          {result.checkoutUrl && (
            <p className="text-sm break-all text-slate-800">
              Checkout link:{' '}
              <a
                className="text-brand-700 underline"
                href={result.checkoutUrl}
                target="_blank"
                rel="noreferrer"
              >
                {result.checkoutUrl}
              </a>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
