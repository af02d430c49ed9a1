/** Set on every request by socket-address.ts: the address of the connection it came on. */
export const SOCKET_ADDRESS_HEADER = 'x-parley-socket-address';
