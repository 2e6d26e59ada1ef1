import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { paths } from '#contracts/paths.ts';
import { Logo } from './logo.tsx';

/** Navigation bar: the same three items on wide screens and in the mobile menu. */
const navItems = [
  { label: 'Features', href: '#features' },
  { label: 'Login', href: paths.apiLogin },
  { label: 'Sign Up', href: paths.apiLogin },
] as const;

const itemClass = {
  Features: 'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900',
  Login: 'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900',
  'Sign Up': 'rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700',
} as const;

/** Below the md breakpoint a toggle opens the menu; choosing an item closes it. */
export function SiteHeader() {
  const [isMenuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (!isMenuOpen) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [isMenuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6"
      >
        <Logo />
        <ul className="hidden items-center gap-2 md:flex">
          {navItems.map((item) => (
            <li key={item.label}>
              <a href={item.href} className={itemClass[item.label]}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={isMenuOpen}
          aria-controls="mobile-menu"
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {isMenuOpen ? (
            <X className="h-6 w-6" aria-hidden="true" />
          ) : (
            <Menu className="h-6 w-6" aria-hidden="true" />
          )}
        </button>
      </nav>
      {isMenuOpen ? (
        <ul id="mobile-menu" className="space-y-1 border-t border-slate-200 px-4 py-3 md:hidden">
          {navItems.map((item) => (
            <li key={item.label}>
              <a
                href={item.href}
                className={`block ${itemClass[item.label]}`}
                onClick={() => setMenuOpen(false)}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}
