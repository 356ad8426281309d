import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@estancia/contracts';
import { LoopbackServer } from '../../../../test/loopback-server';
import type { AppError } from '../../../infra/http/app-error';
import { roomJpeg } from '../../projects/test-images';
import { isPublicAddress } from './public-address';
import {
  RemoteImageFetcher,
  type RemoteImageFetcherOptions,
  type ResolvedAddress,
} from './remote-image.fetcher';

/**
 * The fetcher against real HTTP servers on loopback. Made-up names under `.example` (which never resolve
 * for real) are mapped by an injected resolver, and only 127.0.0.1 counts as "public" here, so the
 * address checks of every hop are exercised for real with private addresses still refused.
 */
const HOSTS: Record<string, ResolvedAddress[]> = {
  'photos.example': [{ address: '127.0.0.1', family: 4 }],
  'intranet.example': [{ address: '10.0.0.5', family: 4 }],
  'metadata.example': [{ address: '169.254.169.254', family: 4 }],
  // One public and one private address: it could switch to the private one, so it is refused.
  'mixed.example': [
    { address: '127.0.0.1', family: 4 },
    { address: '192.168.1.10', family: 4 },
  ],
};

const resolve = (host: string): Promise<ResolvedAddress[]> => {
  const known = HOSTS[host];
  return known
    ? Promise.resolve(known)
    : Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
};

const fetcher = (options: Partial<RemoteImageFetcherOptions> = {}) =>
  new RemoteImageFetcher({
    allowHttp: true,
    allowPrivate: false,
    resolve,
    isAllowedAddress: (ip) => ip === '127.0.0.1' || isPublicAddress(ip),
    ...options,
  });

/** The error code a fetch was refused with. */
const refusal = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'fetched',
    (error: AppError) => error.code,
  );

describe('RemoteImageFetcher', () => {
  const server = new LoopbackServer();
  let port: string;
  let photo: Buffer;
  const at = (host: string, path = '/room.jpg') => `http://${host}:${port}${path}`;

  beforeAll(async () => {
    await server.start();
    port = new URL(server.origin).port;
    photo = await roomJpeg(320, 240);
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    server.calls.length = 0;
    server.handler = (_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length }).end(photo);
  });

  it('downloads from the address it vetted, whatever the name would resolve to, with the name as Host', async () => {
    const bytes = await fetcher().fetch(at('photos.example'));
    expect(bytes.equals(photo)).toBe(true);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].headers.host).toBe(`photos.example:${port}`);
    expect(server.calls[0].headers['user-agent']).toMatch(/^Estancia-ImageImport/);
  });

  it('refuses private, loopback and metadata addresses before connecting (by name or literal)', async () => {
    const strict = fetcher({ isAllowedAddress: isPublicAddress });
    for (const url of [
      at('photos.example'), // 127.0.0.1 once loopback is not waved through
      at('127.0.0.1'),
      at('[::1]'),
      at('[::ffff:127.0.0.1]'),
      at('intranet.example'),
      at('metadata.example'),
      'http://169.254.169.254/latest/meta-data/',
    ])
      expect([url, await refusal(strict.fetch(url))]).toEqual([url, ErrorCode.URL_NOT_ALLOWED]);
    expect(await refusal(fetcher().fetch(at('mixed.example')))).toBe(ErrorCode.URL_NOT_ALLOWED);
    expect(server.calls).toHaveLength(0);
  });

  it('refuses other schemes, plain http unless allowed, and credentials in the URL', async () => {
    for (const url of [
      'ftp://photos.example/room.jpg',
      'file:///etc/passwd',
      `http://user:secret@photos.example:${port}/room.jpg`,
      `http://token@photos.example:${port}/room.jpg`,
      'not a url',
    ])
      expect([url, await refusal(fetcher().fetch(url))]).toEqual([url, ErrorCode.URL_NOT_ALLOWED]);
    expect(await refusal(fetcher({ allowHttp: false }).fetch(at('photos.example')))).toBe(
      ErrorCode.URL_NOT_ALLOWED,
    );
    expect(server.calls).toHaveLength(0);
  });

  it('vets every redirect: one to a private address, by name or literal, is refused without going there', async () => {
    for (const location of [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      at('intranet.example', '/admin'),
      at('127.0.0.2', '/room.jpg'),
      at('[::1]', '/room.jpg'),
      'file:///etc/passwd',
    ]) {
      server.calls.length = 0;
      server.handler = (_req, _body, res) => res.writeHead(302, { location }).end();
      expect([location, await refusal(fetcher().fetch(at('photos.example')))]).toEqual([
        location,
        ErrorCode.URL_NOT_ALLOWED,
      ]);
      expect(server.calls).toHaveLength(1);
    }
  });

  it('follows up to 3 redirects (relative ones too) and refuses the 4th', async () => {
    server.handler = (req, _body, res) => {
      const hop = Number(/\/hop\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      const last = Number(/last=(\d+)/.exec(req.url ?? '')?.[1]);
      if (hop < last)
        return res.writeHead(hop % 2 ? 301 : 307, { location: `/hop/${hop + 1}?last=${last}` }).end();
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    };
    const three = await fetcher().fetch(at('photos.example', '/hop/0?last=3'));
    expect(three.equals(photo)).toBe(true);
    expect(server.calls.map((c) => c.url)).toEqual([
      '/hop/0?last=3',
      '/hop/1?last=3',
      '/hop/2?last=3',
      '/hop/3?last=3',
    ]);
    server.calls.length = 0;
    expect(await refusal(fetcher().fetch(at('photos.example', '/hop/0?last=4')))).toBe(
      ErrorCode.URL_NOT_ALLOWED,
    );
    // The 4th redirect is answered but not followed.
    expect(server.calls).toHaveLength(4);
  });

  it('refuses an answer over the limit when it says so, and stops reading when it does not', async () => {
    const limit = 10_000;
    let finished: boolean | undefined;
    server.handler = (_req, _body, res) => {
      res.on('close', () => (finished = res.writableFinished));
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(limit + 1) });
      res.write(Buffer.alloc(100));
    };
    expect(await refusal(fetcher({ maxBytes: limit }).fetch(at('photos.example')))).toBe(
      ErrorCode.IMAGE_TOO_LARGE,
    );

    // No Content-Length: chunks keep coming (far more than the limit) until the fetcher hangs up.
    finished = undefined;
    server.handler = (_req, _body, res) => {
      res.on('close', () => (finished = res.writableFinished));
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      let sent = 0;
      const more = () => {
        if (res.destroyed || sent > 100 * limit) return res.end();
        sent += 1000;
        res.write(Buffer.alloc(1000), () => setImmediate(more));
      };
      more();
    };
    expect(await refusal(fetcher({ maxBytes: limit }).fetch(at('photos.example')))).toBe(
      ErrorCode.IMAGE_TOO_LARGE,
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(finished).toBe(false);

    // Exactly the limit is fine.
    const exact = Buffer.alloc(limit, 7);
    server.handler = (_req, _body, res) => res.writeHead(200).end(exact);
    expect((await fetcher({ maxBytes: limit }).fetch(at('photos.example'))).equals(exact)).toBe(true);
  });

  it('answers REMOTE_IMAGE_UNREACHABLE for unknown names, refused connections, errors and silence', async () => {
    expect(await refusal(fetcher().fetch('http://nowhere.example/room.jpg'))).toBe(
      ErrorCode.REMOTE_IMAGE_UNREACHABLE,
    );
    // The real resolver: `.invalid` never resolves.
    expect(await refusal(fetcher({ resolve: undefined }).fetch('http://photos.invalid/room.jpg'))).toBe(
      ErrorCode.REMOTE_IMAGE_UNREACHABLE,
    );

    // A port nobody listens on (taken and released).
    const closed = createTcpServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(await refusal(fetcher().fetch(`http://photos.example:${closedPort}/room.jpg`))).toBe(
      ErrorCode.REMOTE_IMAGE_UNREACHABLE,
    );

    for (const status of [404, 500, 304]) {
      server.handler = (_req, _body, res) => res.writeHead(status).end();
      expect([status, await refusal(fetcher().fetch(at('photos.example')))]).toEqual([
        status,
        ErrorCode.REMOTE_IMAGE_UNREACHABLE,
      ]);
    }
    // A redirect without a Location goes nowhere.
    server.handler = (_req, _body, res) => res.writeHead(302).end();
    expect(await refusal(fetcher().fetch(at('photos.example')))).toBe(ErrorCode.REMOTE_IMAGE_UNREACHABLE);

    // Silent after the headers, and a trickle that never ends: the idle and the total limits.
    server.handler = (_req, _body, res) => res.writeHead(200).write('x');
    let started = Date.now();
    expect(await refusal(fetcher({ idleTimeoutMs: 300 }).fetch(at('photos.example')))).toBe(
      ErrorCode.REMOTE_IMAGE_UNREACHABLE,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    server.handler = (_req, _body, res) => {
      res.writeHead(200);
      const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write('x')), 50);
    };
    started = Date.now();
    expect(await refusal(fetcher({ totalTimeoutMs: 500 }).fetch(at('photos.example')))).toBe(
      ErrorCode.REMOTE_IMAGE_UNREACHABLE,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  describe('over https', () => {
    let dir: string;
    let tls: HttpsServer;
    let connections = 0;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'fetcher-tls-'));
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=photos.example'].concat(
          ['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
        ),
        { stdio: 'ignore' },
      );
      tls = createHttpsServer(
        { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
        (_req, res) => res.writeHead(200).end(photo),
      );
      tls.on('tlsClientError', () => undefined);
      tls.on('connection', () => (connections += 1));
      await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    });
    afterAll(async () => {
      tls.closeAllConnections();
      await new Promise((r) => tls.close(r));
      rmSync(dir, { recursive: true, force: true });
    });

    it('connects to the pinned address and checks the certificate (a self-signed one is refused)', async () => {
      const tlsPort = (tls.address() as AddressInfo).port;
      expect(
        await refusal(fetcher({ allowHttp: false }).fetch(`https://photos.example:${tlsPort}/room.jpg`)),
      ).toBe(ErrorCode.REMOTE_IMAGE_UNREACHABLE);
      // It did reach the server the name was pinned to (the handshake failed on trust, not on routing).
      expect(connections).toBe(1);
    });
  });
});
