import type { FastifyRequest } from 'fastify';

/**
 * The origin people reach this server at, for links and redirect URIs we hand out (OAuth callbacks, the webhook
 * address shown to paste into Meta): `PUBLIC_URL` when set (without trailing slashes), else the origin the request
 * came to (behind a proxy, `TRUST_PROXY` makes that the forwarded one).
 */
export function publicOriginOf(
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
  publicUrl: string | undefined,
): string {
  return publicUrl ? publicUrl.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
}
