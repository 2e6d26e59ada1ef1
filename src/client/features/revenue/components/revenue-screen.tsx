import { Download, ShoppingBag } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { Brand } from '#contracts/dashboard.ts';
import { revenueLimits, type RevenueReport } from '#contracts/revenue.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  BrandFilter,
  DateField,
  FilterSelect,
  PeriodSelect,
  type PeriodChoice,
} from '#client/components/ui/period-fields.tsx';
import { QueryView } from '#client/components/ui/query-state.tsx';
import { StatsCard } from '#client/components/ui/stats-card.tsx';
import { TableHead } from '#client/components/ui/table-head.tsx';
import { paths } from '#contracts/paths.ts';
import { getRevenueOrders, useRevenue } from '../api/get-revenue.ts';
import { formatMoney } from '#client/lib/money.ts';
import { dayString, ordersCsv, statusLabels } from '../utils/format.ts';
import { daysOf, RevenueChart } from './revenue-chart.tsx';

/** Attributed revenue: orders that carry a link the assistant or the team sent, per currency, never converted. */
export function RevenueScreen({ brands }: { brands: Brand[] }) {
  const [brandId, setBrandId] = useState('');
  const [range, setRange] = useState<PeriodChoice>('30');
  const [customFrom, setCustomFrom] = useState(dayString(29));
  const [customTo, setCustomTo] = useState(dayString(0));
  const from = range === 'custom' ? customFrom : dayString(Number(range) - 1);
  const to = range === 'custom' ? customTo : dayString(0);
  const query = useRevenue({ brandId: brandId || undefined, from, to });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-4">
        <BrandFilter brands={brands} value={brandId} onChange={setBrandId} />
        <PeriodSelect label="Date range" value={range} onChange={setRange} />
        {range === 'custom' && (
          <>
            <DateField
              label="From"
              value={customFrom}
              max={customTo}
              onChange={(e) => e.target.value && setCustomFrom(e.target.value)}
            />
            <DateField
              label="To"
              value={customTo}
              min={customFrom}
              onChange={(e) => e.target.value && setCustomTo(e.target.value)}
            />
          </>
        )}
      </div>
      <QueryView query={query} loading="Loading revenue..." failed="Could not load revenue">
        {(report) =>
          report.orders.length === 0 && report.totals.every((t) => t.orders === 0) ? (
            <EmptyRevenue linksSent={report.totals.reduce((sum, t) => sum + t.linksSent, 0)} />
          ) : (
            <RevenueReportView
              // A new range or brand starts the table again from its first page.
              key={`${brandId}|${from}|${to}`}
              report={report}
              brands={brands}
              brandId={brandId || undefined}
              from={from}
              to={to}
            />
          )
        }
      </QueryView>
    </div>
  );
}

function EmptyRevenue({ linksSent }: { linksSent: number }) {
  return (
    <section className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-10 text-center shadow-sm">
      <ShoppingBag aria-hidden="true" className="h-10 w-10 text-slate-400" />
      <h2 className="text-lg font-semibold text-slate-900">No attributed revenue in this range</h2>
      <p className="max-w-xl text-slate-600">
        Revenue appears here when a buyer pays through a checkout link sent in a conversation. Every link
        carries its own id; the store records it on the order, and only orders that carry one are counted —
        never a purchase that merely happened after a chat.
        {linksSent > 0 ? ` ${linksSent} checkout links were sent in this range.` : ''}
      </p>
      <p className="max-w-xl text-sm text-slate-600">
        To try it with the sample store, ask the assistant for a product in the Store screen&apos;s
        playground, open the checkout link it sends, and press Place order on the sample cart page.
      </p>
    </section>
  );
}

function RevenueReportView({
  report,
  brands,
  brandId,
  from,
  to,
}: {
  report: RevenueReport;
  brands: Brand[];
  brandId: string | undefined;
  from: string;
  to: string;
}) {
  const currencies = report.totals.map((t) => t.currency);
  const [chartCurrency, setChartCurrency] = useState(currencies[0] ?? 'USD');
  const currency = currencies.includes(chartCurrency) ? chartCurrency : (currencies[0] ?? 'USD');
  const days = useMemo(() => daysOf(report, currency, from, to), [report, currency, from, to]);
  const brandName = (id: string) => brands.find((b) => b.id === id)?.name ?? 'Unknown brand';

  // The report carries the newest page of orders; older ones come a page at a time (decision 039).
  const [moreOrders, setMoreOrders] = useState<RevenueReport['orders']>([]);
  const [cursor, setCursor] = useState(report.nextCursor);
  const [loading, setLoading] = useState<'more' | 'csv' | null>(null);
  const [pageError, setPageError] = useState('');
  const orders = [...report.orders, ...moreOrders];

  async function showMore() {
    if (!cursor) return;
    setLoading('more');
    setPageError('');
    try {
      const page = await getRevenueOrders({
        brandId,
        from,
        to,
        cursor,
        limit: revenueLimits.firstPageOrders,
      });
      setMoreOrders((shown) => [...shown, ...page.orders]);
      setCursor(page.nextCursor);
    } catch {
      setPageError('Could not load more orders. Try again.');
    } finally {
      setLoading(null);
    }
  }

  /** Every order of the range, however many pages, not only those shown. */
  async function exportCsv() {
    setLoading('csv');
    setPageError('');
    const all: RevenueReport['orders'] = [];
    try {
      let next: string | null | undefined;
      do {
        const page = await getRevenueOrders({
          brandId,
          from,
          to,
          cursor: next ?? undefined,
          limit: revenueLimits.maxPageOrders,
        });
        all.push(...page.orders);
        next = page.nextCursor;
      } while (next);
    } catch {
      setPageError('Could not export the orders. Try again.');
      return;
    } finally {
      setLoading(null);
    }
    const blob = new Blob([ordersCsv(all, brandName)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `voicecart-revenue-${from}-to-${to}.csv`;
    anchor.click();
    URL.revokeObjectURL(url);
  }

  return (
    <>
      {report.totals.map((total) => (
        <section
          key={total.currency}
          aria-label={`Totals in ${total.currency}`}
          className="flex flex-col gap-2"
        >
          {currencies.length > 1 && (
            <h2 className="text-sm font-semibold text-slate-700">{total.currency}</h2>
          )}
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
            <StatsCard title="Attributed revenue" value={formatMoney(total.revenue, total.currency)} />
            <StatsCard title="Orders" value={total.orders} />
            <StatsCard
              title="Average order value"
              value={formatMoney(total.averageOrderValue, total.currency)}
            />
            <StatsCard
              title="Conversion"
              value={`${(total.conversionRate * 100).toFixed(1)}%`}
              change={`${total.orders} orders of ${total.linksSent} links sent`}
            />
            <StatsCard
              title="Revenue per conversation"
              value={formatMoney(total.revenuePerConversation, total.currency)}
            />
          </div>
        </section>
      ))}
      {currencies.length > 1 && (
        <FilterSelect
          label="Chart currency"
          value={currency}
          onChange={(e) => setChartCurrency(e.target.value)}
          className="w-32"
          options={currencies.map((c) => ({ value: c, label: c }))}
        />
      )}
      <RevenueChart days={days} currency={currency} />
      <section
        aria-labelledby="products-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="products-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Top products by attributed revenue
        </h2>
        <table className="w-full text-left text-sm">
          <TableHead columns={['Product', 'Revenue', 'Orders']} />
          <tbody>
            {report.topProducts.map((product) => (
              <tr key={`${product.productTitle}-${product.currency}`} className="border-b border-slate-100">
                <td className="py-2 text-slate-900">{product.productTitle}</td>
                <td className="py-2 text-slate-900">{formatMoney(product.revenue, product.currency)}</td>
                <td className="py-2 text-slate-900">{product.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section
        aria-labelledby="orders-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="orders-heading" className="text-lg font-semibold text-slate-900">
            Attributed orders
          </h2>
          <Button variant="outline" size="sm" onClick={() => void exportCsv()} disabled={loading === 'csv'}>
            <Download aria-hidden="true" className="h-4 w-4" />{' '}
            {loading === 'csv' ? 'Exporting…' : 'Export CSV'}
          </Button>
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead
              columns={['Order', 'Date', 'Brand', 'Buyer', 'Total', 'Status', 'Refunded']}
              cellClassName="py-2 pr-3"
            />
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-b border-slate-100">
                  <td className="py-2 pr-3 text-slate-900">
                    {order.conversationId ? (
                      <Link
                        href={`${paths.dashboard.conversations}?brand=${order.brandId}&conversation=${order.conversationId}`}
                        className="font-medium text-brand-700 underline"
                      >
                        {order.orderNumber}
                      </Link>
                    ) : (
                      order.orderNumber
                    )}
                  </td>
                  <td className="py-2 pr-3 text-slate-900">{order.placedAt.slice(0, 10)}</td>
                  <td className="py-2 pr-3 text-slate-900">{brandName(order.brandId)}</td>
                  <td className="py-2 pr-3 text-slate-900">
                    {order.buyerUsername ? `@${order.buyerUsername}` : '—'}
                  </td>
                  <td className="py-2 pr-3 text-slate-900">{formatMoney(order.total, order.currency)}</td>
                  <td className="py-2 pr-3 text-slate-900">{statusLabels[order.status]}</td>
                  <td className="py-2 pr-3 text-slate-900">
                    {Number(order.refunded) > 0 ? formatMoney(order.refunded, order.currency) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {cursor ? `Showing the newest ${orders.length} orders.` : `${orders.length} orders.`}
          </p>
          {cursor ? (
            <Button variant="outline" size="sm" onClick={() => void showMore()} disabled={loading === 'more'}>
              {loading === 'more' ? 'Loading…' : 'Show more orders'}
            </Button>
          ) : null}
          {pageError ? (
            <p role="alert" className="text-sm text-red-700">
              {pageError}
            </p>
          ) : null}
        </div>
      </section>
    </>
  );
}
