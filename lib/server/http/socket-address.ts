import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { SOCKET_ADDRESS_HEADER } from '@/lib/server/limits/socket-address-header';

// Next gives route handlers a web Request: the socket, and with it the client's address, is gone.
// Next fills X-Forwarded-For from the socket only when the client sent none, so a client that
// sends one picks its own address. This copies the connection's address into a header of
// Parley's own before Next sees the request, replacing any value a client sent under that name.
// Installed once per process from instrumentation.ts, before the server answers anything.

const INSTALLED = Symbol.for('parley.socketAddress');

type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;

export function recordSocketAddresses(): void {
  for (const Server of [http.Server, https.Server]) {
    const proto = Server.prototype as unknown as { emit: Emit; [INSTALLED]?: true };
    if (proto[INSTALLED]) continue;
    const emit = proto.emit;
    proto.emit = function (this: unknown, event, ...args) {
      if (event === 'request' && args[0] instanceof http.IncomingMessage) {
        const request = args[0];
        request.headers[SOCKET_ADDRESS_HEADER] = request.socket?.remoteAddress ?? '';
      }
      return emit.call(this, event, ...args);
    };
    proto[INSTALLED] = true;
  }
}
