/** Filled in by the public-site work (spec §2 Legal pages). */
export function DataDeletionRoute() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Data Deletion</h1>
    </main>
  );
}
