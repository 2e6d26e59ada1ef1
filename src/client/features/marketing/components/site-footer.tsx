import { footer } from '#client/config/marketing.ts';
import { paths } from '#contracts/paths.ts';
import { Logo } from './logo.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

/**
 * The footer, exactly: Features; About Us, Blog, Contact; Privacy Policy, Terms of Service, Data Deletion;
 * the newsletter field. `anchorBase` is '' on the landing page and '/' elsewhere, so #features still lands.
 */
export function SiteFooter({ anchorBase = '' }: { anchorBase?: '' | '/' }) {
  const groups = [
    { heading: 'Product', links: [{ label: 'Features', href: `${anchorBase}#features` }] },
    {
      heading: 'Company',
      links: [
        { label: 'About Us', href: `${anchorBase}#about` },
        { label: 'Blog', href: `${anchorBase}#blog` },
        { label: 'Contact', href: `${anchorBase}#contact` },
      ],
    },
    {
      heading: 'Legal',
      links: [
        { label: 'Privacy Policy', href: paths.privacy },
        { label: 'Terms of Service', href: paths.terms },
        { label: 'Data Deletion', href: paths.dataDeletion },
      ],
    },
  ];
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.2fr_2fr_1.6fr]">
        <div>
          <Logo href={paths.home} />
          <p className="mt-3 max-w-xs text-sm text-slate-600">{footer.tagline}</p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-3 gap-6">
          {groups.map((group) => (
            <div key={group.heading}>
              <h2 className="text-sm font-semibold text-slate-900">{group.heading}</h2>
              <ul className="mt-3 space-y-1">
                {group.links.map((link) => (
                  <li key={link.label}>
                    <a
                      href={link.href}
                      className="inline-block py-1.5 text-sm text-slate-600 hover:text-slate-900"
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{footer.newsletter.heading}</h2>
          <p className="mt-2 text-sm text-slate-600">{footer.newsletter.text}</p>
          <NewsletterForm />
        </div>
      </div>
      <p className="border-t border-slate-200 py-6 text-center text-sm text-slate-600">{footer.copyright}</p>
    </footer>
  );
}
