import type { ComponentProps } from 'react';
import type { Brand } from '#contracts/dashboard.ts';

export interface SelectOption {
  value: string;
  label: string;
}

/** The workspace's brands by name, each chosen by its id. */
export const brandOptions = (brands: readonly Brand[]): SelectOption[] =>
  brands.map((brand) => ({ value: brand.id, label: brand.name }));

/** A `{ value: label }` map as options, in the map's order. */
export const optionsFrom = (labels: Readonly<Record<string, string>>): SelectOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * A native select listing `options` in order: the dashboard's one way to write a choice (keyboard and screen
 * readers as browsers make them). Everything else (id, value, handlers, a form's `register`, classes) goes to the
 * `<select>` as given.
 */
export function Select({
  options,
  ...props
}: { options: readonly SelectOption[] } & ComponentProps<'select'>) {
  return (
    <select {...props}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
