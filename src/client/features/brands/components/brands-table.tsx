import type { Brand } from '#contracts/dashboard.ts';
import { Badge } from '#client/components/ui/badge.tsx';

const connection = (isConnected: boolean) =>
  isConnected ? <Badge tone="success">✓ Connected</Badge> : <Badge>Not Connected</Badge>;

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
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              {['Brand Name', 'Username', 'Instagram', 'Shopify', 'Status'].map((column) => (
                <th key={column} scope="col" className="px-5 py-3 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {brands.map((brand) => (
              <tr key={brand.id}>
                <th scope="row" className="px-5 py-3 font-medium text-slate-900">
                  {brand.name}
                </th>
                <td className="px-5 py-3 text-slate-700">@{brand.username}</td>
                <td className="px-5 py-3">{connection(brand.instagramConnected)}</td>
                <td className="px-5 py-3">{connection(brand.shopifyConnected)}</td>
                <td className="px-5 py-3">
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
