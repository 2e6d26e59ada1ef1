/**
 * What `GET /api/logout` shows when another site sent the browser there (`Sec-Fetch-Site: cross-site`): one
 * click on our own page signs out, so a link or image elsewhere cannot (docs/spec-deviations.md). Static, no
 * script (CSP); the link is a same-origin navigation, which the route then honours.
 */
export const logoutConfirmationPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign out of Voicecart?</title>
<style>
body { margin: 0; font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; }
main { max-width: 28rem; margin: 15vh auto; padding: 2rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 0.75rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
p { color: #475569; line-height: 1.5; }
.actions { display: flex; gap: 1rem; align-items: center; margin-top: 1.5rem; }
.primary { background: #4338ca; color: #fff; padding: 0.6rem 1.2rem; border-radius: 0.375rem; text-decoration: none; font-weight: 600; }
.secondary { color: #3730a3; }
</style>
</head>
<body>
<main>
<h1>Sign out of Voicecart?</h1>
<p>Another website sent you here to sign you out. If you meant to sign out, confirm below.</p>
<div class="actions">
<a class="primary" href="/api/logout">Sign out</a>
<a class="secondary" href="/">Stay signed in</a>
</div>
</main>
</body>
</html>
`;
