import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCampus } from './support/campus-harness';

const DEADLINE_SECONDS = 3;
const MAX_CONCURRENT = 2;
const SLOW_BYTES = 30;

/** A storage host that misbehaves on purpose: a byte every 2 s, no answer at all, types lessons never use. */
function startStorageHost() {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((request, response) => {
    const file = (type: string, body: string | Buffer) => response.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
    switch (request.url) {
      case '/slow.mp4': {
        response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': SLOW_BYTES });
        let sent = 0;
        const timer = setInterval(() => {
          response.write(Buffer.from([sent]));
          sent += 1;
          if (sent === SLOW_BYTES) {
            clearInterval(timer);
            response.end();
          }
        }, 2000);
        timers.add(timer);
        response.on('close', () => clearInterval(timer));
        return;
      }
      case '/silent.pdf':
        return; // accepts the request and never answers
      case '/slides.pdf':
        return file('application/pdf', '%PDF-1.4 slides');
      case '/photo.PNG?size=large':
        return file('image/png; charset=binary', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      case '/clip':
        return file('VIDEO/WEBM', 'webm');
      case '/page.html':
        return file('text/html; charset=utf-8', '<script>alert(document.cookie)</script>');
      case '/image.svg':
        return file('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
      case '/octets.pdf':
        return file('application/octet-stream', '%PDF-1.4');
      case '/untyped.pdf':
        return response.writeHead(200, { 'content-length': 4 }).end('%PDF');
      case '/range.pdf':
        return response.writeHead(416, { 'content-type': 'text/html', 'content-range': 'bytes */15' }).end('<h1>no</h1>');
      default:
        response.writeHead(404).end();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise<{ origin: string; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://localhost:${(server.address() as AddressInfo).port}`,
        close: () => {
          timers.forEach(clearInterval);
          sockets.forEach((socket) => socket.destroy());
          return new Promise((done) => server.close(() => done()));
        },
      }),
    ),
  );
}

describe('the download proxy: one deadline, a cap on concurrent downloads, lesson media types only (issue 20 point 5)', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-proxy-media-'));
  let storage: Awaited<ReturnType<typeof startStorageHost>>;
  let campus: Awaited<ReturnType<typeof startCampus>>;

  const proxied = (url: string) => `${campus.api.origin}/api/v1/download?url=${encodeURIComponent(url)}`;
  const download = (url: string, init?: RequestInit) => fetch(proxied(url), init);

  /** Reads the body to its end or its cut; how long that took and how many bytes came. */
  async function drain(response: Response): Promise<{ bytes: number; ms: number; cut: boolean }> {
    const started = Date.now();
    const reader = response.body!.getReader();
    let bytes = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return { bytes, ms: Date.now() - started, cut: false };
        bytes += value.length;
      }
    } catch {
      return { bytes, ms: Date.now() - started, cut: true };
    }
  }

  beforeAll(async () => {
    writeFileSync(path.join(mediaDir, 'deck.pdf'), '%PDF-1.4 local deck');
    writeFileSync(path.join(mediaDir, 'page.html'), '<script>alert(1)</script>');
    writeFileSync(path.join(mediaDir, 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    storage = await startStorageHost();
    campus = await startCampus({
      mediaDir,
      env: {
        STORAGE_HOSTS: storage.origin,
        STORAGE_ALLOW_PRIVATE_ADDRESSES: 'true',
        DOWNLOAD_TIMEOUT_SECONDS: String(DEADLINE_SECONDS),
        DOWNLOAD_MAX_CONCURRENT: String(MAX_CONCURRENT),
      },
    });
  });
  afterAll(async () => {
    await campus.stop();
    await storage.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  describe('(a) the deadline and the cap', () => {
    it('cuts an upstream that sends a byte every 2 s at the deadline, not at its own pace', async () => {
      const started = Date.now();
      const response = await download(`${storage.origin}/slow.mp4`);
      expect(response.status).toBe(200);
      const body = await drain(response);
      // Without a total deadline this download takes 60 s (a byte every 2 s never trips an inactivity timeout).
      expect(Date.now() - started).toBeLessThan((DEADLINE_SECONDS + 2) * 1000);
      expect(body.cut).toBe(true);
      expect(body.bytes).toBeLessThan(SLOW_BYTES);
    }, 20_000);

    it('answers 502 with the envelope when the upstream never answers, at the deadline', async () => {
      const started = Date.now();
      const response = await download(`${storage.origin}/silent.pdf`);
      expect(Date.now() - started).toBeLessThan((DEADLINE_SECONDS + 2) * 1000);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ message: '保存先の応答が遅すぎるため、取得を打ち切りました', status: 502, code: 'UPSTREAM_FAILED' });
    }, 20_000);

    it(`runs at most ${MAX_CONCURRENT} upstream downloads at once: one more answers 503 with Retry-After, and a slot frees when a download ends`, async () => {
      const running = await Promise.all(Array.from({ length: MAX_CONCURRENT }, () => download(`${storage.origin}/slow.mp4`)));
      expect(running.map((response) => response.status)).toEqual(Array(MAX_CONCURRENT).fill(200));

      const refused = await download(`${storage.origin}/slides.pdf`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'ダウンロードが混み合っています。しばらくしてから再度お試しください' });
      // Files of the campus's own storage are read from disk: no upstream slot needed.
      expect((await download(`${campus.api.origin}/media/deck.pdf`)).status).toBe(200);

      await Promise.all(running.map(drain));
      const afterwards = await download(`${storage.origin}/slides.pdf`);
      expect(afterwards.status).toBe(200);
      expect(await afterwards.text()).toBe('%PDF-1.4 slides');
    }, 20_000);
  });

  describe('(b) lesson media types only, with Content-Disposition and a sandbox', () => {
    it.each([
      ['a PDF', '/slides.pdf', 'application/pdf', `inline; filename="slides.pdf"; filename*=UTF-8''slides.pdf`],
      ['a PNG (type with parameters, name with a query)', '/photo.PNG?size=large', 'image/png', `inline; filename="photo.PNG"; filename*=UTF-8''photo.PNG`],
      ['a WebM without an extension (type in capitals)', '/clip', 'video/webm', `inline; filename="clip.webm"; filename*=UTF-8''clip.webm`],
    ])('serves %s inline with its name, CSP sandbox and nosniff', async (_case, file, type, disposition) => {
      const response = await download(`${storage.origin}${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('content-disposition')).toBe(disposition);
      expect(response.headers.get('content-security-policy')).toBe('sandbox');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it.each([
      ['text/html', '/page.html'],
      ['image/svg+xml', '/image.svg'],
      ['application/octet-stream named .pdf', '/octets.pdf'],
      ['no type at all', '/untyped.pdf'],
    ])('refuses %s from the upstream with a 502 envelope, serving none of it', async (_case, file) => {
      const response = await download(`${storage.origin}${file}`);
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('content-security-policy')).toBe('sandbox');
      const body = await response.json();
      expect(body).toEqual({
        message: '教材で使える種類のファイルではありません（PDF・MP4・WebM・WebVTT・PNG・JPEG・GIF・WebP のみ配信します）',
        status: 502,
        code: 'UPSTREAM_FAILED',
      });
    });

    it('passes a 416 on with its Content-Range and without the upstream body', async () => {
      const response = await download(`${storage.origin}/range.pdf`, { headers: { range: 'bytes=100-200' } });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe('bytes */15');
      expect(await response.text()).toBe('');
    });

    it('serves the campus storage the same way and refuses other types there with a 400 naming url', async () => {
      const deck = await download(`${campus.api.origin}/media/deck.pdf`);
      expect(deck.status).toBe(200);
      expect(deck.headers.get('content-type')).toBe('application/pdf');
      expect(deck.headers.get('content-disposition')).toBe(`inline; filename="deck.pdf"; filename*=UTF-8''deck.pdf`);
      expect(deck.headers.get('content-security-policy')).toBe('sandbox');
      expect(deck.headers.get('x-content-type-options')).toBe('nosniff');
      for (const file of ['page.html', 'drawing.svg']) {
        const refused = await download(`${campus.api.origin}/media/${file}`);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'url' });
      }
    });
  });

  describe('(c) malformed escapes', () => {
    it.each(['/media/%', '/media/%E3%81', '/media/%zz.pdf', '/media/%FF.pdf'])('answers %s on the campus storage with a 400 envelope, not a 500', async (suffix) => {
      const response = await download(`${campus.api.origin}${suffix}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'URL の % エスケープが正しくありません', status: 400, code: 'VALIDATION_FAILED', field: 'url' });
    });

    it('accepts the raw query form of the probe (url=http://<site>/media/%) with a 400 too', async () => {
      const response = await fetch(`${campus.api.origin}/api/v1/download?url=${campus.api.origin}/media/%`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'url' });
    });
  });
});
