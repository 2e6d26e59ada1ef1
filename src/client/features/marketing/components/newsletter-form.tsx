import { useState, type FormEvent } from 'react';
import { footer } from '#client/config/marketing.ts';
import { toast } from '#client/hooks/use-toast.ts';
import { footerNewsletterType, useSubscribeNewsletter } from '../api/subscribe-newsletter.ts';

/** Footer subscribe (idle, 'Subscribing...', cleared on success), the empty-email rule and its toasts. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const subscribe = useSubscribeNewsletter({
    onSuccess: () => {
      toast({ title: 'Success!', description: 'Thank you for subscribing to our newsletter' });
      setEmail('');
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Failed to subscribe. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      toast({ title: 'Email required', description: 'Please enter your email address' });
      return;
    }
    subscribe.mutate({ email, type: footerNewsletterType });
  };

  return (
    // noValidate: the product's only client rule is "not empty"; the server judges the address.
    <form onSubmit={handleSubmit} noValidate className="mt-4 flex flex-col gap-2 sm:flex-row">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <input
        id="newsletter-email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder={footer.newsletter.placeholder}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        className="min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      <button
        type="submit"
        disabled={subscribe.isPending}
        className="min-h-11 shrink-0 rounded-md bg-brand-600 px-5 py-2 text-base font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {subscribe.isPending ? 'Subscribing...' : footer.newsletter.buttonLabel}
      </button>
    </form>
  );
}
