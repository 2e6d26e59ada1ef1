import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts a fake's HTTP server on 127.0.0.1 at a free port, and returns the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Stops a fake's server at once: open keep-alive connections are closed rather than waited for. */
export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
