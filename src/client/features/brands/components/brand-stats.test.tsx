import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppProvider } from '#client/app/provider.tsx';
import { json, stubApiFetch } from '#client/lib/test-support/fake-api.ts';
import { BrandStats, trendOf } from './brand-stats.tsx';

const brand = (
  id: string,
  fields: Partial<Record<'active' | 'instagramConnected' | 'shopifyConnected', boolean>>,
) => ({
  id,
  name: `Brand ${id}`,
  username: `brand_${id}`,
  active: true,
  instagramConnected: false,
  shopifyConnected: false,
  storePlatform: null,
  ...fields,
});

const counts = (total: number, active: number, instagram: number, shopify: number) => ({
  totalBrands: total,
  activeBrands: active,
  instagramConnected: instagram,
  shopifyConnected: shopify,
});

describe('the Overview stat cards', () => {
  it('shows each count with its change against 30 days before, up or down, and none when unchanged', async () => {
    stubApiFetch(() =>
      json({ current: counts(3, 2, 1, 0), previous: counts(1, 2, 2, 0), previousDay: '2026-10-27' }),
    );
    const brands = [brand('a', { instagramConnected: true }), brand('b', {}), brand('c', { active: false })];
    render(<BrandStats brands={brands as never} />, { wrapper: AppProvider });

    const total = await screen.findByRole('region', { name: 'Total Brands' });
    await vi.waitFor(() => expect(total.textContent).toContain('Up +2 vs 30 days ago'));
    expect(screen.getByRole('region', { name: 'Instagram Connected' }).textContent).toContain(
      'Down −1 vs 30 days ago',
    );
    expect(screen.getByRole('region', { name: 'Active Brands' }).textContent).not.toContain('days ago');
    expect(screen.getByRole('region', { name: 'Shopify Connected' }).textContent).not.toContain('days ago');
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain('/api/analytics/overview');
  });

  it('shows no trend without history that far back, or while the comparison is unavailable', () => {
    expect(trendOf(undefined, 'totalBrands')).toEqual({});
    expect(
      trendOf({ current: counts(2, 2, 0, 0), previous: null, previousDay: null }, 'totalBrands'),
    ).toEqual({});
    expect(
      trendOf(
        { current: counts(2, 1, 0, 0), previous: counts(4, 1, 0, 0), previousDay: '2026-10-01' },
        'totalBrands',
      ),
    ).toEqual({ change: '−2 vs 30 days ago', trend: 'down' });
  });
});
