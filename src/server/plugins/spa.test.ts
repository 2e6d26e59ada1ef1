import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.ts';

describe('serving the built client', () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'voicecart-client-'));

  beforeAll(async () => {
    mkdirSync(path.join(clientDir, 'assets'));
    mkdirSync(path.join(clientDir, 'prerendered'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div><!-- shell -->');
    writeFileSync(path.join(clientDir, 'prerendered', 'index.html'), '<!doctype html><h1>Landing</h1>');
    writeFileSync(
      path.join(clientDir, 'prerendered', 'privacy.html'),
      '<!doctype html><h1>Privacy Policy</h1>',
    );
    writeFileSync(path.join(clientDir, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>');
  });
  afterAll(() => {
    rmSync(clientDir, { recursive: true, force: true });
  });
  // After the hooks above: the client build is on disk before the app starts and removed once it has closed.
  const app = useTestApp({ env: { CLIENT_DIST_DIR: clientDir } });

  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => app.app.inject({ method, url });

  it('caches hashed assets for a year', async () => {
    const response = await get('/assets/index-AbC123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates other static files', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves pre-rendered pages for their routes, without long caching', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<h1>Landing</h1>');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect((await get('/privacy')).body).toContain('Privacy Policy');
    expect((await get('/privacy/')).body).toContain('Privacy Policy');
    expect((await get('/privacy?ref=footer')).body).toContain('Privacy Policy');
  });

  it('serves the app shell for the client-routed pages with 200', async () => {
    for (const url of [
      '/dashboard',
      '/dashboard/brands',
      '/dashboard/brands/',
      '/login?returnTo=%2Fadmin',
      '/admin',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<!-- shell -->');
    }
  });

  it('answers unknown page paths 404 with the app shell, which shows the not-found page', async () => {
    for (const url of [
      '/no/such/page',
      '/dashboard/performance',
      '/privacy-policy',
      '/dashboard/brands/x?y=1',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<!-- shell -->');
    }
    const head = await get('/nope', 'HEAD');
    expect(head.statusCode).toBe(404);
  });

  it('answers unknown API paths and non-GET page requests with JSON 404', async () => {
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No API route GET /api/nope' });
    const post = await get('/dashboard', 'POST');
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toMatch(/application\/json/);
  });

  it('sends the page security policy with every page, compressed or not, and a policy that loads nothing with the rest', async () => {
    const pagePolicy = /^default-src 'self';.*script-src 'self'/;
    const pages = [
      await get('/'),
      await get('/dashboard'),
      await get('/no/such/page'),
      await get('/nope', 'HEAD'),
      await app.app.inject({ method: 'GET', url: '/privacy', headers: { 'accept-encoding': 'br' } }),
      await get('/index.html'),
    ];
    for (const page of pages) {
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['content-security-policy']).toMatch(pagePolicy);
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
    for (const other of [
      await get('/assets/index-AbC123.js'),
      await get('/favicon.svg'),
      await get('/api/nope'),
    ]) {
      expect(other.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(other.headers['x-content-type-options']).toBe('nosniff');
      expect(other.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('does not serve files outside the client directory', async () => {
    const response = await get('/../package.json');
    expect(response.body).not.toContain('"name": "voicecart"');
  });
});
