import {
  Inbox,
  MessageCircle,
  PackageCheck,
  Palette,
  Plug,
  ShieldCheck,
  ShoppingBag,
  ShoppingCart,
  Sparkles,
  Workflow,
  Zap,
  type LucideIcon,
} from 'lucide-react';

/** The icon names used in config/marketing.ts, each imported by name so only these ship. */
const icons: Record<string, LucideIcon> = {
  Inbox,
  MessageCircle,
  PackageCheck,
  Palette,
  Plug,
  ShieldCheck,
  ShoppingBag,
  ShoppingCart,
  Sparkles,
  Workflow,
  Zap,
};

export function MarketingIcon({ name, className }: { name: string; className?: string }) {
  const Icon = icons[name] ?? Sparkles;
  return <Icon className={className} aria-hidden="true" />;
}
