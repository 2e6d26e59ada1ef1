/** The Voicecart mark and word, as one link home. Inline SVG: no image request, no layout shift. */
export function Logo({ href = '/' }: { href?: string }) {
  return (
    <a href={href} className="flex items-center gap-2 rounded-md text-lg font-bold text-slate-900">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M9 11h14l-2 10H11z" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
        <circle cx="13" cy="24.5" r="1.6" fill="#fff" />
        <circle cx="19" cy="24.5" r="1.6" fill="#fff" />
      </svg>
      <span>Voicecart</span>
      <span className="sr-only">, home</span>
    </a>
  );
}
