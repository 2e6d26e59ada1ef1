import type { Brand } from '#contracts/dashboard.ts';
import { Badge } from '#client/components/ui/badge.tsx';

const connection = (isConnected: boolean) =>
  isConnected ? <Badge tone="success">✓ Connected</Badge> : <Badge>Not Connected</Badge>;

/** On phones the column's name (`data-label`) is shown before the value, since the headings are hidden. */
const cellClass =
  'px-5 py-3 max-md:block max-md:py-1 max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]';

/** Overview: the 'Your Brands' table. */
export function BrandsTable({ brands }: { brands: Brand[] }) {
  return (
    <section
      aria-labelledby="your-brands-heading"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id="your-brands-heading"
        className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900"
      >
        Your Brands
      </h2>
      {/* Phones: each brand is a block of labelled lines instead of a row of five columns, so nothing scrolls sideways. */}
      <div>
        <table className="w-full text-left text-sm max-md:block">
          <thead className="bg-slate-50 text-slate-700 max-md:sr-only">
            <tr>
              {['Brand Name', 'Username', 'Instagram', 'Shopify', 'Status'].map((column) => (
                <th key={column} scope="col" className="px-5 py-3 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-md:block">
            {brands.map((brand) => (
              <tr key={brand.id} className="max-md:block max-md:py-2">
                <th scope="row" className="px-5 py-3 font-medium text-slate-900 max-md:block max-md:py-1">
                  {brand.name}
                </th>
                <td className="px-5 py-3 break-all text-slate-700 max-md:block max-md:py-1">
                  @{brand.username}
                </td>
                <td className={cellClass} data-label="Instagram: ">
                  {connection(brand.instagramConnected)}
                </td>
                <td className={cellClass} data-label="Shopify: ">
                  {connection(brand.shopifyConnected)}
                </td>
                <td className={cellClass} data-label="Status: ">
                  {brand.active ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Paused</Badge>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
