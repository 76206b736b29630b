import { CookieJar } from 'tough-cookie';

export interface Reply {
  status: number;
  url: string;
  location: string | null;
  headers: Headers;
  text: string;
  json<T = any>(): T;
}

/** An HTTP client with a cookie jar that follows redirects one hop at a time, like a browser would. */
export class BrowserLikeClient {
  readonly jar = new CookieJar();

  constructor(readonly origin: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Reply> {
    const absolute = new URL(url, this.origin).href;
    const headers = new Headers(init.headers);
    const cookie = await this.jar.getCookieString(absolute);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(absolute, { ...init, headers, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) await this.jar.setCookie(setCookie, absolute);
    const text = await response.text();
    const location = response.headers.get('location');
    return {
      status: response.status,
      url: absolute,
      location: location ? new URL(location, absolute).href : null,
      headers: response.headers,
      text,
      json: () => JSON.parse(text),
    };
  }

  /** Follows redirects (GET) until a non-redirect or until `stopAt` matches the next location. */
  async follow(url: string, stopAt?: (location: string) => boolean): Promise<Reply> {
    let reply = await this.request(url);
    for (let hops = 0; hops < 10 && reply.location && reply.status >= 300 && reply.status < 400; hops += 1) {
      if (stopAt?.(reply.location)) return reply;
      reply = await this.request(reply.location);
    }
    return reply;
  }

  /** An XHR as the campus client sends it. */
  xhr(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Reply> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...extraHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async cookie(name: string): Promise<string | undefined> {
    const cookies = await this.jar.getCookies(this.origin);
    return cookies.find((cookie) => cookie.key === name)?.value;
  }
}
