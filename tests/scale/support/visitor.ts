/** A page as a browser without JavaScript got it, after following redirects. */
export type Page = { status: number; url: string; html: string };

/**
 * One person's browser without JavaScript, going wherever it is sent: it keeps its cookies whichever
 * web tier set them, follows redirects (303 → GET), and posts forms with their own origin, as a browser does.
 */
export class Visitor {
  private readonly cookies = new Map<string, string>();

  async visit(url: string, body?: FormData | URLSearchParams): Promise<Page> {
    let at = new URL(url);
    let method = body ? 'POST' : 'GET';
    for (let hop = 0; hop < 5; hop++) {
      const headers: Record<string, string> = { accept: 'text/html' };
      if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      if (method === 'POST') headers.origin = at.origin;
      const response = await fetch(at, { method, headers, body: method === 'POST' ? body : undefined, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const name = pair.slice(0, pair.indexOf('=')).trim();
        const value = pair.slice(pair.indexOf('=') + 1).trim();
        if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        at = new URL(location, at);
        method = 'GET';
        continue;
      }
      return { status: response.status, url: at.pathname + at.search, html: await response.text() };
    }
    throw new Error(`more than 5 redirects from ${url}`);
  }
}
