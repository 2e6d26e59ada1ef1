import { Plus } from 'lucide-react';
import { useState } from 'react';
import { SearchInput } from '#client/components/ui/search-input.tsx';
import { BrandCard } from '#client/features/brands/components/brand-card.tsx';
import { CreateBrandButton } from '#client/features/brands/components/brand-dialogs.tsx';
import { PageHeader, WithBrands } from './with-brands.tsx';

/** Brands; 'Add New Brand' opens the create dialog. */
export function BrandsRoute() {
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  return (
    <>
      <PageHeader
        title="Your Brands"
        action={
          <CreateBrandButton>
            <Plus aria-hidden="true" className="h-4 w-4" /> Add New Brand
          </CreateBrandButton>
        }
      />
      <SearchInput
        className="mb-6 max-w-md"
        label="Search brands by name or username"
        value={search}
        onChange={setSearch}
        placeholder="Search brands..."
      />
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
