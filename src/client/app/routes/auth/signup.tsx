/** Filled in by the accounts work. */
export function SignupRoute() {
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold text-slate-900">Create your account</h1>
    </main>
  );
}
