import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '#client/app/provider.tsx';
import { json, stubApiFetch } from '#client/lib/test-support/fake-api.ts';
import { ConnectStoreForms } from './connect-store-forms.tsx';

function stubApi() {
  const sent: unknown[] = [];
  stubApiFetch((url, init) => {
    if (url === '/api/brands/b1/store' && init?.method === 'PUT') {
      sent.push(JSON.parse(String(init.body)));
      return json({ connection: null });
    }
    return undefined;
  });
  return sent;
}

describe('connect store form', () => {
  it('checks the chosen platform’s fields with the API’s schema, each refusal on its field', async () => {
    const sent = stubApi();
    render(<ConnectStoreForms brandId="b1" replacing={false} />, { wrapper: AppProvider });
    await userEvent.click(screen.getByRole('radio', { name: 'WooCommerce' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Store address' }), 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Connect WooCommerce' }));

    const key = await screen.findByRole('textbox', {
      name: 'Consumer key',
      description: 'Consumer key is required.',
    });
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Store address' }).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('sends only the chosen platform’s fields: what was typed for another platform is left out', async () => {
    const sent = stubApi();
    render(<ConnectStoreForms brandId="b1" replacing={false} />, { wrapper: AppProvider });
    await userEvent.type(screen.getByRole('textbox', { name: 'Shop domain' }), 'my-shop.myshopify.com');
    await userEvent.click(screen.getByRole('radio', { name: 'Sample store' }));
    await userEvent.click(screen.getByRole('button', { name: 'Connect Sample store' }));
    await waitFor(() => expect(sent).toEqual([{ platform: 'sample' }]));
  });

  it('Install with Shopify asks for a valid shop domain first', async () => {
    stubApi();
    render(<ConnectStoreForms brandId="b1" replacing={false} />, { wrapper: AppProvider });
    await userEvent.type(screen.getByRole('textbox', { name: 'Shop domain' }), 'example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Install with Shopify instead' }));
    expect(
      await screen.findByRole('textbox', {
        name: 'Shop domain',
        description: "That doesn't look like a Shopify address: use your-shop.myshopify.com",
      }),
    ).toBeDefined();
    // The access token is not needed to install, so it is not refused.
    expect(screen.getByLabelText('Admin API access token').getAttribute('aria-invalid')).toBeNull();
  });
});
