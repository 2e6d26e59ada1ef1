import { Link } from 'wouter';
import { notFoundMeta } from '#client/config/pages.ts';
import { paths } from '#contracts/paths.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';

/** Shown for every path the router does not know. */
export function NotFoundRoute() {
  usePageMeta(notFoundMeta);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Link href={paths.home} className="mt-6 inline-block text-sm font-medium text-brand-700 underline">
          Go back home
        </Link>
      </div>
    </main>
  );
}
