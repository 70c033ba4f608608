/** `fetch` cannot report upload progress: while `trackUploads()` is in force, a same-origin POST with a file goes by XMLHttpRequest. */
export type UploadProgress = { loaded: number; total: number };

let current: UploadProgress | null = null;
const listeners = new Set<() => void>();

function publish(progress: UploadProgress | null) {
  current = progress;
  for (const listener of listeners) listener();
}

export function subscribeToUploadProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentUploadProgress(): UploadProgress | null {
  return current;
}

export function headersFrom(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

function carriesFile(body: unknown): body is FormData {
  if (!(body instanceof FormData)) return false;
  for (const value of body.values()) if (value instanceof File && value.size > 0) return true;
  return false;
}

function shouldTrack(input: RequestInfo | URL, init?: RequestInit): boolean {
  if (input instanceof Request || (init?.method ?? 'GET').toUpperCase() !== 'POST' || !carriesFile(init?.body)) return false;
  return new URL(String(input), window.location.href).origin === window.location.origin;
}

const BODILESS_STATUSES = new Set([101, 204, 205, 304]);

function sendWithProgress(input: RequestInfo | URL, init: RequestInit & { body: FormData }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const signal = init.signal;
    const finish = () => {
      signal?.removeEventListener('abort', abort);
      publish(null);
    };
    const abort = () => request.abort();
    request.open('POST', String(input));
    request.responseType = 'arraybuffer';
    for (const [name, value] of new Headers(init.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => publish({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    request.onload = () => {
      finish();
      const body = BODILESS_STATUSES.has(request.status) ? null : (request.response as ArrayBuffer);
      resolve(new Response(body, { status: request.status, statusText: request.statusText, headers: headersFrom(request.getAllResponseHeaders()) }));
    };
    request.onerror = () => {
      finish();
      reject(new TypeError('Failed to fetch'));
    };
    const aborted = () => {
      finish();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    request.onabort = aborted;
    if (signal?.aborted) return aborted();
    signal?.addEventListener('abort', abort);
    publish({ loaded: 0, total: 0 });
    request.send(init.body);
  });
}

let users = 0;
let plainFetch: typeof fetch | undefined;

/** Counted, since forms may nest. */
export function trackUploads(): () => void {
  if (users++ === 0) {
    plainFetch = window.fetch;
    const original = plainFetch;
    window.fetch = (input, init) => (shouldTrack(input, init) ? sendWithProgress(input, init as RequestInit & { body: FormData }) : original(input, init));
  }
  return () => {
    if (--users === 0 && plainFetch) {
      window.fetch = plainFetch;
      plainFetch = undefined;
    }
  };
}
