import type { Brand } from '#contracts/dashboard.ts';
import { rememberChosenBrand } from '#client/hooks/use-chosen-brand.ts';
import { FilterSelect } from './ui/period-fields.tsx';
import { brandOptions } from './ui/select.tsx';

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
  return (
    <FilterSelect
      label="Brand"
      value={value ?? ''}
      onChange={(event) => {
        // Every screen's choice is remembered, so the next screen opens on the same brand.
        rememberChosenBrand(event.target.value);
        onChange(event.target.value);
      }}
      options={brandOptions(brands)}
    />
  );
}
