import { generateKeyPairSync } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import Provider from 'oidc-provider';
import { listenOnLoopback } from './loopback.ts';

export interface FakeOidcAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface FakeOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims by account id (the login typed at the provider); change them between sign-ins. */
  accounts: Map<string, FakeOidcAccount>;
  /**
   * Drives the provider's own login and consent pages (devInteractions) like a browser would: follows
   * redirects by hand, keeps the provider's cookies, and returns the redirect back to our app.
   */
  authorize(authorizationUrl: string, login: string, options?: { stopAt: string }): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real, certified OpenID provider (oidc-provider 8, the last line supporting Node 20) on 127.0.0.1, with
 * one confidential client. PKCE is required, as a careful production provider would.
 */
export async function startFakeOidcProvider(options: { redirectUri: string }): Promise<FakeOidcProvider> {
  let handler: RequestListener = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  const issuer = `http://127.0.0.1:${await listenOnLoopback(server)}`;
  const clientId = 'voicecart-test';
  const clientSecret = 'voicecart-test-secret-0123456789abcdef';
  const accounts = new Map<string, FakeOidcAccount>();
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['fake-oidc-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
    },
    pkce: { required: () => true },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const claims = accounts.get(id);
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
  });
  // Its own warnings (development interactions) are expected in a fake.
  provider.on('server_error', (_ctx, error) => console.error('fake OIDC provider error', error));
  handler = provider.callback() as RequestListener;

  async function authorize(
    authorizationUrl: string,
    login: string,
    { stopAt } = { stopAt: options.redirectUri },
  ) {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const index = pair.indexOf('=');
        const name = pair.slice(0, index).trim();
        const value = pair.slice(index + 1).trim();
        if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
        else jar.set(name, value);
      }
    };
    let url = new URL(authorizationUrl);
    let body: URLSearchParams | undefined;
    for (let step = 0; step < 12; step += 1) {
      const response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: cookieHeader(),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(body ? { body } : {}),
      });
      remember(response);
      body = undefined;
      if (response.status >= 300 && response.status < 400) {
        url = new URL(response.headers.get('location')!, url);
        if (url.href.startsWith(stopAt)) return url;
        continue;
      }
      const html = await response.text();
      if (response.status !== 200)
        throw new Error(`fake OIDC provider answered ${response.status}: ${html.slice(0, 500)}`);
      if (html.includes('name="prompt" value="login"')) {
        body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
      } else if (html.includes('name="prompt" value="consent"')) {
        body = new URLSearchParams({ prompt: 'consent' });
      } else {
        throw new Error(`unexpected page from the fake OIDC provider: ${html.slice(0, 500)}`);
      }
    }
    throw new Error('the authorization did not finish in 12 steps');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    authorize,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
