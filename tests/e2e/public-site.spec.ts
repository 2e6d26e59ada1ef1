import { expect, expectAccessible, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { legalConstants } from '../../src/client/config/legal.ts';

/** Collects console errors and page errors (CSP refusals and hydration mismatches included). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('landing page', () => {
  test('navigation bar, hero and calls to action link where the spec says', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /Voicecart/ })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/api/login');
    await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/api/login');

    const hero = page.locator('section[aria-labelledby="hero-heading"]');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Turn Instagram DMs into checkouts, in your brand's own voice",
    );
    await expect(hero.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/api/login');
    for (const claim of [
      'Inventory check in under 5 seconds',
      'Comment-to-DM triggers',
      'Your brand voice, preserved',
      'First-party data you own',
    ]) {
      await expect(hero.getByText(claim)).toBeVisible();
    }
    const closing = page.locator('section[aria-labelledby="closing-heading"]');
    await expect(closing.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/signup');
    // Neither the pre-rendered page nor its hydration logs an error, and nobody asks who is signed in.
    expect(errors).toEqual([]);
  });

  test('both Schedule Demo buttons open the demo dialog, loaded on first use', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(requested.some((p) => p.includes('demo-dialog'))).toBe(false);

    const heroButton = page
      .locator('section[aria-labelledby="hero-heading"]')
      .getByRole('button', { name: 'Schedule Demo' });
    await heroButton.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(requested.some((p) => p.includes('demo-dialog'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(heroButton).toBeFocused();

    await page
      .locator('section[aria-labelledby="closing-heading"]')
      .getByRole('button', { name: 'Schedule Demo' })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('the #features anchor scrolls to six feature cards', async ({ page }) => {
    await page.goto('/');
    const features = page.locator('#features');
    await expect(features).not.toBeInViewport();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/#features$/);
    await expect(features.getByRole('heading', { level: 2, name: 'Features' })).toBeInViewport();
    await expect(features.getByTestId('feature-card')).toHaveCount(6);
  });

  test('solution, How It Works, stats and three testimonials with name, role and company', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('section[aria-labelledby="solution-heading"] li h3')).toHaveCount(4);
    const steps = page.locator('section[aria-labelledby="how-heading"] li h3');
    await expect(steps).toHaveText(['Connect', 'Automate', 'Convert']);
    await expect(page.locator('section[aria-labelledby="stats-heading"] dd')).toHaveCount(4);
    const testimonials = page.getByTestId('testimonial');
    await expect(testimonials).toHaveCount(3);
    for (let i = 0; i < 3; i += 1) {
      const item = testimonials.nth(i);
      for (const part of ['testimonial-name', 'testimonial-role', 'testimonial-company']) {
        await expect(item.getByTestId(part)).not.toBeEmpty();
      }
    }
    await expect(testimonials.first().getByTestId('testimonial-name')).toHaveText('Maya Okafor');
    await expect(testimonials.first().getByTestId('testimonial-company')).toHaveText('Loom & Linen');
  });

  test('the footer has exactly the links of the spec, and the in-page ones land somewhere real', async ({
    page,
  }) => {
    await page.goto('/');
    const footerNav = page.getByRole('navigation', { name: 'Footer' });
    const links = footerNav.getByRole('link');
    await expect(links).toHaveText([
      'Features',
      'About Us',
      'Blog',
      'Contact',
      'Privacy Policy',
      'Terms of Service',
      'Data Deletion',
    ]);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '#features',
      '#about',
      '#blog',
      '#contact',
      '/privacy',
      '/terms',
      '/data-deletion',
    ]);
    for (const [name, id] of [
      ['About Us', 'about'],
      ['Blog', 'blog'],
      ['Contact', 'contact'],
    ] as const) {
      await footerNav.getByRole('link', { name }).click();
      await expect(page.locator(`#${id} h2`)).toBeInViewport();
    }
    await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();

    for (const [name, heading] of [
      ['Privacy Policy', 'Privacy Policy'],
      ['Terms of Service', 'Terms of Service'],
      ['Data Deletion', 'Data Deletion'],
    ] as const) {
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
  });

  test.describe('below the md breakpoint', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the menu toggle shows the three items and choosing one closes it', async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await expect(toggle).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
      ).toBeHidden();
      await toggle.click();
      const menu = page.locator('#mobile-menu');
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.getByRole('link')).toHaveText(['Features', 'Login', 'Sign Up']);
      await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/api/login');
      await expect(menu.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/api/login');
      await menu.getByRole('link', { name: 'Features' }).click();
      await expect(menu).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('#features h2')).toBeInViewport();
    });

    test('the menu works from the keyboard and closes on Escape', async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('#mobile-menu')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.locator('#mobile-menu')).toBeHidden();
    });

    test('the landing page is accessible at phone width', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto('/');
      await expectAccessible(page);
    });
  });
});

test.describe('legal pages', () => {
  const c = legalConstants;
  /** the product constants, as they must read somewhere on the legal pages. */
  const privacyConstants = [
    `Instagram direct messages are kept for ${c.messageRetentionDays} days`,
    `comments are kept for ${c.commentRetentionDays} days`,
    `refreshed every ${c.profileRefreshHours} hours`,
    `Usage logs are kept for ${c.usageLogDays} days`,
    `kept for ${c.financialRecordYears} years`,
    `We answer deletion requests within ${c.deletionResponseDays} days`,
    `removed within ${c.revocationDeletionHours} hours`,
  ];
  const termsConstants = [
    'Starter: $79/month or $758/year.',
    'Professional: $1,500/month or $14,400/year.',
    'Agency: $299/month or $2,870/year.',
    'Enterprise: custom pricing, billed annual only.',
    'saves 20%',
    '99.5% monthly uptime',
    "48 hours' notice of planned maintenance",
    'at least 30 days before they take effect',
    'more than 72 consecutive hours',
    'within 7 days of your first payment',
    'outstanding after 14 days',
    'at least 18 years old',
    'in the last 12 months',
    'Monday to Friday 9-5 EST',
  ];

  for (const [path, title, count, constants] of [
    ['/privacy', 'Privacy Policy', 8, privacyConstants],
    ['/terms', 'Terms of Service', 15, termsConstants],
  ] as const) {
    test(`${path}: ${count} numbered sections, a side index to each, Back to Home, every constant`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} | Voicecart`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      const sections = page.getByTestId('legal-section');
      await expect(sections).toHaveCount(count);
      const headings = await sections.locator('h2').allTextContents();
      headings.forEach((heading, index) => expect(heading).toMatch(new RegExp(`^${index + 1}\\. \\S`)));

      const index = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
      await expect(index).toHaveCount(count);
      const targets = await index.evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      const ids = await sections.evaluateAll((nodes) => nodes.map((n) => `#${n.id}`));
      expect(targets).toEqual(ids);
      await index.nth(count - 1).click();
      await expect(sections.nth(count - 1).locator('h2')).toBeInViewport();

      const text = await page.locator('main').innerText();
      for (const constant of constants) expect(text).toContain(constant);

      await expect(page.getByRole('link', { name: 'Back to Home' }).first()).toHaveAttribute('href', '/');
      await page.getByRole('link', { name: 'Back to Home' }).first().click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        'Turn Instagram DMs into checkouts',
      );
      expect(errors).toEqual([]);
    });
  }

  test('privacy does not claim encrypted token storage', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.locator('main')).not.toContainText('stored encrypted');
  });

  test('/data-deletion: three option cards and an FAQ', async ({ page }) => {
    await page.goto('/data-deletion');
    await expect(page).toHaveTitle('Data Deletion | Voicecart');
    const options = page.getByTestId('deletion-option');
    await expect(options).toHaveCount(3);
    await expect(options.nth(0).getByRole('heading')).toHaveText('Email a deletion request');
    await expect(options.nth(0).getByRole('link')).toHaveAttribute('href', /^mailto:privacy@voicecart\.app/);
    await expect(options.nth(0)).toContainText('within 30 days');
    await expect(options.nth(1).getByRole('heading')).toHaveText('Revoke access in Instagram settings');
    await expect(options.nth(1)).toContainText('removed within 48 hours');
    await expect(options.nth(2).getByRole('heading')).toHaveText('Automatic deletion after inactivity');
    await expect(options.nth(2)).toContainText('inactive for 30 days');
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    await expect(page.getByTestId('faq-item')).toHaveCount(6);
    await expect(page.getByRole('link', { name: 'Back to Home' }).first()).toHaveAttribute('href', '/');
  });
});

test('an unknown path shows the not-found page with a link home', async ({ page }) => {
  await page.goto('/pricing/enterprise');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | Voicecart');
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Turn Instagram DMs into checkouts');
});

for (const path of ['/', '/privacy', '/terms', '/data-deletion', '/no-such-page']) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    // axe on a long page takes a while on a busy two-core machine.
    test.setTimeout(60_000);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
}

test('the skip link is the first stop for keyboard users', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages are readable from the pre-rendered HTML', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Turn Instagram DMs into checkouts');
    await expect(page.getByTestId('feature-card')).toHaveCount(6);
    await expect(page.getByTestId('testimonial')).toHaveCount(3);
    await expect(page).toHaveTitle(/^Voicecart: /);
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveAttribute('content', /Instagram DMs/);

    await page.goto('/privacy');
    await expect(page.getByTestId('legal-section')).toHaveCount(8);
    await expect(page).toHaveTitle('Privacy Policy | Voicecart');
    await page.goto('/terms');
    await expect(page.getByTestId('legal-section')).toHaveCount(15);
    await page.goto('/data-deletion');
    await expect(page.getByTestId('deletion-option')).toHaveCount(3);
    await expect(page.getByTestId('faq-item')).toHaveCount(6);
  });
});

test('the server serves pre-rendered HTML only to visitors without a session cookie', async ({
  request,
  baseURL,
}) => {
  const anonymous = await (await request.get('/privacy')).text();
  expect(anonymous).toContain('1. Information We Collect');
  expect(anonymous).toContain('<title>Privacy Policy | Voicecart</title>');
  expect(anonymous).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const withSession = await (
    await request.get(`${baseURL}/privacy`, { headers: { cookie: 'vc_session=whatever' } })
  ).text();
  expect(withSession).toContain('<div id="root"></div>');
});

test('robots.txt allows the public pages', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(await response.text()).toMatch(/User-agent: \*\s+Allow: \//);
});
