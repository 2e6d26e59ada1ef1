import { Search } from 'lucide-react';
import { useId } from 'react';
import { cn } from '#client/lib/cn.ts';

export interface SearchInputProps {
  /** Read by screen readers; the field shows only the placeholder. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}

/** A search field with its icon and a visually hidden label (Brands, Messages & Comments). */
export function SearchInput({ label, value, onChange, placeholder, className }: SearchInputProps) {
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden="true" className="absolute top-2.5 left-2.5 h-4 w-4 text-slate-500" />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="h-9 w-full rounded-md border border-slate-300 bg-white pr-2 pl-8 text-sm"
      />
    </div>
  );
}
