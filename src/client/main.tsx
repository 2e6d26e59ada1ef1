import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Public pages arrive pre-rendered (scripts/prerender.mjs): hydrate that markup instead of replacing it.
// The server only sends that HTML to visitors without a session cookie (src/server/plugins/spa.ts).
// Hydrating inside a transition lets React yield to the browser between pieces of work instead of
// blocking the main thread for the whole page (Total Blocking Time); the HTML is on screen meanwhile.
if (root.hasChildNodes()) {
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App isKnownSignedOut />
      </StrictMode>,
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
