/** Filled in by the accounts work. */
export function LoginRoute() {
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold text-slate-900">Sign in</h1>
    </main>
  );
}
