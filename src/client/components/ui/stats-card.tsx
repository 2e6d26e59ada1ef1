import { TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

export interface StatsCardProps {
  title: string;
  value: ReactNode;
  /** Optional change, e.g. `+12%`, shown with an up or down trend. */
  change?: string;
  trend?: 'up' | 'down';
  icon?: ReactNode;
}

/** Dashboard shell: a stats card shows title, value and optional change with an up or down trend. */
export function StatsCard({ title, value, change, trend = 'up', icon }: StatsCardProps) {
  const TrendIcon = trend === 'up' ? TrendingUp : TrendingDown;
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        {icon && (
          <span aria-hidden="true" className="text-slate-500">
            {icon}
          </span>
        )}
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="stat-value">
        {value}
      </p>
      {change && (
        <p
          className={cn(
            'mt-1 inline-flex items-center gap-1 text-xs font-medium',
            trend === 'up' ? 'text-green-700' : 'text-red-700',
          )}
        >
          <TrendIcon aria-hidden="true" className="h-3.5 w-3.5" />
          <span>
            <span className="sr-only">{trend === 'up' ? 'Up' : 'Down'} </span>
            {change}
          </span>
        </p>
      )}
    </section>
  );
}
