import { Plus, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { BrandCard } from '#client/features/brands/components/brand-card.tsx';
import { PageHeader, WithBrands } from './with-brands.tsx';

/** spec §2 Brands. 'Add New Brand' has no behaviour yet (spec). */
export function BrandsRoute() {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const term = search.trim().toLowerCase();
  return (
    <>
      <PageHeader
        title="Your Brands"
        action={
          <Button>
            <Plus aria-hidden="true" className="h-4 w-4" /> Add New Brand
          </Button>
        }
      />
      <div className="relative mb-6 max-w-md">
        <label htmlFor={searchId} className="sr-only">
          Search brands by name or username
        </label>
        <Search aria-hidden="true" className="absolute top-2.5 left-2.5 h-4 w-4 text-slate-500" />
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search brands..."
          className="h-9 w-full rounded-md border border-slate-300 bg-white pr-2 pl-8 text-sm"
        />
      </div>
      <WithBrands>
        {(brands) => {
          const shown = term
            ? brands.filter(
                (b) => b.name.toLowerCase().includes(term) || b.username.toLowerCase().includes(term),
              )
            : brands;
          if (brands.length === 0) return <p className="text-slate-700">No brands yet</p>;
          if (shown.length === 0)
            return <p className="text-slate-700">No brands found matching "{search.trim()}"</p>;
          return (
            <div className="grid gap-4 md:grid-cols-2">
              {shown.map((brand) => (
                <BrandCard key={brand.id} brand={brand} />
              ))}
            </div>
          );
        }}
      </WithBrands>
    </>
  );
}
