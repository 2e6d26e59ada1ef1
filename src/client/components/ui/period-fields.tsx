import { useId, type ComponentProps, type ReactNode } from 'react';
import type { Brand } from '#contracts/dashboard.ts';
import { brandOptions, Select } from './select.tsx';

/**
 * The filters above the Performance and Revenue screens: a brand (or all), a period of the last 7, 30 or 90 days
 * or a custom range, and the custom range's dates. Each screen keeps its own rules for the dates (bounds, what
 * an unfinished range means); these are the fields.
 */
export const periodPresets = ['7', '30', '90'] as const;
export type PeriodChoice = (typeof periodPresets)[number] | 'custom';

const periodOptions = [
  ...periodPresets.map((days) => ({ value: days, label: `Last ${days} days` })),
  { value: 'custom', label: 'Custom range' },
];

const labelClass = 'text-sm font-medium text-slate-700';
const controlClass = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm';

/** A filter's label above its control, linked by the id the control is given. */
function Filter({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * A labelled select in the filters' look: the brand filter and period here, the brand picker above the
 * Conversations, Psychology and Automation screens, Revenue's chart currency. `className` adds to the look.
 */
export function FilterSelect({
  label,
  className,
  ...select
}: { label: string } & Omit<ComponentProps<typeof Select>, 'id'>) {
  return (
    <Filter label={label}>
      {(id) => (
        <Select id={id} className={className ? `${controlClass} ${className}` : controlClass} {...select} />
      )}
    </Filter>
  );
}

export function BrandFilter({
  brands,
  value,
  onChange,
}: {
  brands: Brand[];
  value: string;
  onChange: (brandId: string) => void;
}) {
  return (
    <FilterSelect
      label="Brand"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={[{ value: '', label: 'All brands' }, ...brandOptions(brands)]}
    />
  );
}

export function PeriodSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: PeriodChoice;
  onChange: (choice: PeriodChoice) => void;
}) {
  return (
    <FilterSelect
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as PeriodChoice)}
      options={periodOptions}
    />
  );
}

/** One end of a custom range ("From", "To"): a labelled date field; the screen gives its bounds and handler. */
export function DateField({
  label,
  ...input
}: { label: string } & Omit<ComponentProps<'input'>, 'id' | 'type'>) {
  return (
    <Filter label={label}>{(id) => <input id={id} type="date" className={controlClass} {...input} />}</Filter>
  );
}
