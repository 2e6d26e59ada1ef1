import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '#contracts/paths.ts';

/** The frame of the sign-in and sign-up pages. */
export function AuthPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <Link href={paths.home} className="mb-6 block text-center text-xl font-bold text-brand-700">
          Voicecart
        </Link>
        <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mb-6 mt-1 text-sm text-slate-600">{subtitle}</p>
          {children}
        </div>
      </div>
    </main>
  );
}
