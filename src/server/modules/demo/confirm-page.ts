/**
 * The pages of a held booking's confirmation link (decision 031). Opening the link only shows a button; the
 * booking is confirmed by the form's POST, so a mail scanner that fetches every link does not confirm it for the
 * booker. Static, no script (CSP); the token is base64url (checked by the route), so it is safe in an attribute.
 */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body { margin: 0; font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; }
main { max-width: 28rem; margin: 15vh auto; padding: 2rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 0.75rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
p { color: #475569; line-height: 1.5; }
button { background: #4338ca; color: #fff; padding: 0.6rem 1.2rem; border: 0; border-radius: 0.375rem; font: inherit; font-weight: 600; cursor: pointer; }
a { color: #3730a3; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;

export const confirmDemoPage = (token: string) =>
  page(
    'Confirm your Voicecart demo',
    `<p>We are holding this time for you. Confirm it and we will send the calendar invitation.</p>
<form method="post" action="/api/demo/confirm">
<input type="hidden" name="token" value="${token}">
<button type="submit">Confirm my demo</button>
</form>`,
  );

export const demoConfirmedPage = page(
  'Your demo is confirmed',
  '<p>The calendar invitation is on its way to your inbox. To change the time, reply to that email.</p><p><a href="/">Back to Voicecart</a></p>',
);

export const demoConfirmExpiredPage = page(
  'This link has expired',
  '<p>The time was not confirmed in time and has been released, or it was confirmed already. You can book a new time on our home page.</p><p><a href="/">Book a demo</a></p>',
);
