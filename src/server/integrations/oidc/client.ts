import * as client from 'openid-client';

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** What we keep between the redirect to the provider and its callback (in a short-lived HttpOnly cookie). */
export interface OidcPending {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  returnTo: string;
}

/** The claims we use (OpenID Connect Core §5.1). */
export interface OidcIdentity {
  /** `iss|sub`: unique and stable across providers. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
}

export class OidcError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OidcError';
  }
}

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
/** A claim as stored text: trimmed, control characters dropped (PostgreSQL text cannot hold NUL), capped. */
const text = (value: unknown) => {
  if (typeof value !== 'string') return null;
  const cleaned = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 2048);
  return cleaned || null;
};

/**
 * The authorization-code flow with PKCE (S256), state and nonce, through openid-client 6. Discovery runs
 * once and is cached; a failed discovery is retried on the next sign-in.
 */
export function createOidcClient(settings: OidcSettings) {
  const issuer = new URL(settings.issuerUrl);
  let configuration: Promise<client.Configuration> | undefined;

  function getConfiguration(): Promise<client.Configuration> {
    configuration ??= client
      .discovery(
        issuer,
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        // Plain http only for a provider on this machine (development and tests).
        issuer.protocol === 'http:' && isLoopback(issuer)
          ? { execute: [client.allowInsecureRequests] }
          : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw new OidcError('The sign-in provider could not be reached', { cause: error });
      });
    return configuration;
  }

  return {
    async startAuthorization(params: {
      redirectUri: string;
      returnTo: string;
    }): Promise<{ url: URL; pending: OidcPending }> {
      const config = await getConfiguration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const pending: OidcPending = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
        redirectUri: params.redirectUri,
        returnTo: params.returnTo,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: params.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url, pending };
    },

    /** Exchanges the code (checking state, nonce and PKCE), then reads the claims from the ID token and userinfo. */
    async completeAuthorization(callbackUrl: URL, pending: OidcPending): Promise<OidcIdentity> {
      const config = await getConfiguration();
      let tokens;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new OidcError('The sign-in provider did not confirm the sign-in', { cause: error });
      }
      const idClaims = tokens.claims();
      if (!idClaims) throw new OidcError('The sign-in provider sent no ID token');
      // Providers may put profile claims in the ID token or only in userinfo (Core §5.4); read both.
      let info: Record<string, unknown> = {};
      try {
        info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      } catch (error) {
        throw new OidcError('The sign-in provider did not return the user profile', { cause: error });
      }
      const claims: Record<string, unknown> = { ...idClaims, ...info };
      return {
        subject: `${idClaims.iss}|${idClaims.sub}`,
        email: text(claims.email)?.toLowerCase() ?? null,
        emailVerified: claims.email_verified === true,
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
        picture: text(claims.picture),
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
