import { useId } from 'react';
import type { Brand } from '#contracts/dashboard.ts';
import { rememberChosenBrand } from '#client/hooks/use-chosen-brand.ts';
import { brandOptions, Select } from './ui/select.tsx';

/** The brand picker of the Conversations, Psychology and Automation screens. */
export function BrandSelect({
  brands,
  value,
  onChange,
}: {
  brands: Brand[];
  value: string | undefined;
  onChange: (brandId: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Brand
      </label>
      <Select
        id={id}
        value={value ?? ''}
        onChange={(event) => {
          // Every screen's choice is remembered, so the next screen opens on the same brand.
          rememberChosenBrand(event.target.value);
          onChange(event.target.value);
        }}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        options={brandOptions(brands)}
      />
    </div>
  );
}
