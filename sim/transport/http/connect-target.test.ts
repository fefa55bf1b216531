import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { connectTarget, tryConnect } from './connect-target.js';

describe('connectTarget', () => {
  it('drops the brackets of an IPv6 literal, which net.connect and http.request would look up as a name', () => {
    expect(connectTarget(new URL('http://[::1]:8080/reservations'))).toEqual({ host: '::1', port: 8080 });
    // The parser writes an IPv4-mapped address in hex; what matters is that no bracket is left.
    expect(connectTarget(new URL('http://[::ffff:127.0.0.1]:9/x'))).toEqual({ host: '::ffff:7f00:1', port: 9 });
  });

  it('keeps a name or an IPv4 address as it is, and fills in the scheme default port', () => {
    expect(connectTarget(new URL('http://127.0.0.1:3000/x'))).toEqual({ host: '127.0.0.1', port: 3000 });
    expect(connectTarget(new URL('http://localhost/x'))).toEqual({ host: 'localhost', port: 80 });
    expect(connectTarget(new URL('http://[::1]/x'))).toEqual({ host: '::1', port: 80 });
  });
});

describe('tryConnect', () => {
  it('says accepted for a listening port, and connection refused once it is closed', async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    expect(await tryConnect({ host: '127.0.0.1', port }, 5_000)).toEqual({ accepted: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await tryConnect({ host: '127.0.0.1', port }, 5_000)).toEqual({ accepted: false, why: 'connection refused' });
  });
});
