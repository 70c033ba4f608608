import type { Recorder } from './recorder';

/** A page as a browser got it, after following redirects. */
export type Page = { status: number; url: string; html: string; ms: number };

/** What a page must hold to count as the right one; a string is the reason it is wrong. */
export type Expectation = (page: Page) => string | null;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };

/** The page's text with React's escapes undone, so the messages of docs/product.md can be looked for as written. */
export function textOf(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

export const holds =
  (...texts: string[]): Expectation =>
  (page) => {
    const text = textOf(page.html);
    const missing = texts.find((wanted) => !text.includes(wanted));
    return missing === undefined ? null : `page lacks ${JSON.stringify(missing.slice(0, 60))}`;
  };

/** Same-site links and image addresses on a page: `/shop/<id>` and `/media/…`. */
export function shopIdsIn(html: string): string[] {
  return [...new Set([...html.matchAll(/href="\/shop\/([0-9a-f-]{36})"/g)].map((match) => match[1]!))];
}

export function mediaPathsIn(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:src|srcSet|srcset)="(\/media\/[^"\s]+)/g)].map((match) => match[1]!))];
}

/**
 * One person's browser with JavaScript off: it keeps the session cookie, follows redirects, sends
 * forms as plain posts with the same-origin `Origin` header, and loads a page's first images.
 */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: string,
    private readonly recorder: Recorder,
    private readonly timeoutMs: number,
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private async send(method: string, path: string, body?: FormData | URLSearchParams): Promise<Response> {
    this.recorder.requests++;
    const headers: Record<string, string> = { 'user-agent': 'kasuwa-soak (no JavaScript)', accept: 'text/html' };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (method === 'POST') headers.origin = this.base;
    const response = await fetch(new URL(path, this.base), {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    this.keepCookies(response);
    return response;
  }

  /**
   * Opens `path` (posting `body` when given) and follows redirects as a browser does (303 → GET).
   * Throws when the connection fails or no answer comes within the browser's timeout.
   */
  async visit(path: string, body?: FormData | URLSearchParams): Promise<Page> {
    const started = performance.now();
    let url = path;
    let method = body ? 'POST' : 'GET';
    for (let hop = 0; hop < 5; hop++) {
      const response = await this.send(method, url, method === 'POST' ? body : undefined);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        const next = new URL(location, new URL(url, this.base));
        url = next.pathname + next.search;
        method = 'GET';
        continue;
      }
      return { status: response.status, url, html: await response.text(), ms: performance.now() - started };
    }
    throw new Error(`more than 5 redirects from ${path}`);
  }

  /**
   * `visit`, then checks the page. Any 5xx, a timeout, a wrong page or a dropped connection is recorded
   * as a failure under `kind` and gives null.
   */
  async open(kind: string, path: string, expect: Expectation, body?: FormData | URLSearchParams): Promise<Page | null> {
    const what = `${body ? 'POST' : 'GET'} ${path}`;
    try {
      const page = await this.visit(path, body);
      const problem = page.status >= 500 ? `answered ${page.status}` : expect(page);
      if (problem) {
        this.recorder.failed({ kind, what: `${what} → ${page.url}`, status: page.status, detail: problem });
        return null;
      }
      this.recorder.took(kind, page.ms);
      return page;
    } catch (error) {
      const detail = (error as Error).name === 'TimeoutError' ? `no answer within ${this.timeoutMs / 1000} s` : String((error as Error).cause ?? error);
      this.recorder.failed({ kind, what, detail });
      return null;
    }
  }

  /** Loads up to `limit` of the page's images, as a browser would right after the HTML. */
  async images(page: Page, limit: number): Promise<void> {
    for (const path of mediaPathsIn(page.html).slice(0, limit)) {
      const started = performance.now();
      try {
        const response = await this.send('GET', path);
        const bytes = (await response.arrayBuffer()).byteLength;
        if (response.status !== 200 || bytes === 0) {
          this.recorder.failed({ kind: 'image', what: path, status: response.status, detail: `${bytes} bytes` });
        } else this.recorder.took('image', performance.now() - started);
      } catch (error) {
        this.recorder.failed({ kind: 'image', what: path, detail: String((error as Error).cause ?? error) });
      }
    }
  }
}
