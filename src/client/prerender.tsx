import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app/app.tsx';

export { publicPages } from './config/pages.ts';

/**
 * Build-time only (scripts/prerender.mjs): the HTML of one public page, as a signed-out visitor sees it.
 * The same tree main.tsx hydrates; `prerender` waits for the lazily loaded legal pages.
 */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={path}>
        <App isKnownSignedOut />
      </Router>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
