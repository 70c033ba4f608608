import type { Browser, CDPSession } from 'playwright-core';
import { cumulativeLayoutShift, type PagePerf, totalBlockingTime, WATCH_PERFORMANCE } from './page-perf';

/** Chrome DevTools throttling; throughput in bytes per second, as `Network.emulateNetworkConditions` takes it. */
export type NetworkProfile = { name: string; latencyMs: number; downKbit: number; upKbit: number; cpuSlowdown: number };

export const PROFILES: NetworkProfile[] = [
  { name: 'none', latencyMs: 0, downKbit: 0, upKbit: 0, cpuSlowdown: 1 },
  { name: 'mobile4g', latencyMs: 150, downKbit: 1600, upKbit: 750, cpuSlowdown: 4 },
  { name: 'slow3g', latencyMs: 400, downKbit: 400, upKbit: 400, cpuSlowdown: 4 },
  // WebPageTest's 2G, and slow 3G on a phone whose CPU is six times slower than a laptop's (a 2 GB itel).
  { name: '2g', latencyMs: 800, downKbit: 280, upKbit: 256, cpuSlowdown: 4 },
  { name: 'lowend', latencyMs: 400, downKbit: 400, upKbit: 400, cpuSlowdown: 6 },
];

/**
 * A mid-range Android phone's screen (412 CSS pixels wide): what decides which card
 * images load and at which width.
 */
export const PHONE = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

export type Kind = 'document' | 'css' | 'js' | 'image' | 'other';

export type VisitMetrics = {
  /** From sending the page's request to its response headers, emulated latency included. */
  ttfbMs: number;
  fcpMs: number | null;
  lcpMs: number | null;
  /** From the start of navigation until the first shop name is on screen, by the page's own clock. */
  firstShopVisibleMs: number | null;
  bytes: Record<Kind, number>;
  requests: number;
  /** With JavaScript on only: long tasks' time past 50 ms after First Contentful Paint, and Cumulative Layout Shift. */
  tbtMs: number | null;
  cls: number | null;
};

function kindOf(type: string | undefined): Kind {
  switch (type) {
    case 'Document':
      return 'document';
    case 'Stylesheet':
      return 'css';
    case 'Script':
      return 'js';
    case 'Image':
      return 'image';
    default:
      return 'other';
  }
}

export async function throttle(cdp: CDPSession, profile: NetworkProfile) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downKbit ? (profile.downKbit * 1000) / 8 : -1,
    uploadThroughput: profile.upKbit ? (profile.upKbit * 1000) / 8 : -1,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
}

/** performance.now() when the first match of `selector` is laid out in the viewport, or null. */
function laidOutAt(selector: string): number | null {
  const box = document.querySelector(selector)?.getBoundingClientRect();
  return box && box.width > 0 && box.height > 0 && box.top < innerHeight ? performance.now() : null;
}

/**
 * One cold visit (a new browser context: empty cache, no cookies) as a phone on `profile`. Bytes are
 * what came over the wire (CDP `Network.loadingFinished` encodedDataLength: headers and compressed
 * bodies). With the page's own JavaScript off, init scripts and observer callbacks do not run in
 * Chromium, so everything is read from outside: LCP from CDP's performance timeline, the first shop
 * name by polling the DOM (every ~20 ms) until it is laid out in the viewport; it counts as visible at
 * that moment or at First Contentful Paint, whichever is later, since nothing shows before the first paint.
 */
export async function visit(
  browser: Browser,
  url: string,
  options: {
    profile: NetworkProfile;
    javaScript: boolean;
    saveData?: boolean;
    shopNameSelector: string;
    cookie?: { name: string; value: string };
    /** The phone's language (its Accept-Language), which a first visit follows. */
    locale?: string;
  },
): Promise<VisitMetrics> {
  const context = await browser.newContext({
    ...PHONE,
    ...(options.locale ? { locale: options.locale } : {}),
    javaScriptEnabled: options.javaScript,
    ...(options.saveData ? { extraHTTPHeaders: { 'Save-Data': 'on' } } : {}),
  });
  try {
    if (options.cookie) await context.addCookies([{ ...options.cookie, url: new URL(url).origin, httpOnly: true, sameSite: 'Lax' }]);
    if (options.javaScript) await context.addInitScript({ content: WATCH_PERFORMANCE });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp, options.profile);
    const types = new Map<string, string | undefined>();
    const bytes: Record<Kind, number> = { document: 0, css: 0, js: 0, image: 0, other: 0 };
    let requests = 0;
    let lcpEpochMs: number | null = null;
    let documentSent: { id: string; at: number } | null = null;
    let ttfbMs = NaN;
    // A data: URL (the hearts the CSS draws) is read from the page itself: no request, no bytes.
    const inline = new Set<string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      types.set(event.requestId, event.type);
      if (event.request.url.startsWith('data:')) inline.add(event.requestId);
      if (event.type === 'Document' && !documentSent) documentSent = { id: event.requestId, at: event.timestamp };
    });
    // Navigation Timing's responseStart leaves out the emulated latency; the network events include it.
    cdp.on('Network.responseReceived', (event) => {
      if (documentSent?.id === event.requestId) ttfbMs = (event.timestamp - documentSent.at) * 1000;
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (inline.has(event.requestId)) return;
      requests += 1;
      bytes[kindOf(types.get(event.requestId))] += event.encodedDataLength;
    });
    cdp.on('PerformanceTimeline.timelineEventAdded', ({ event }) => {
      const lcp = event.lcpDetails;
      if (lcp) lcpEpochMs = (lcp.renderTime || lcp.loadTime) * 1000;
    });
    await cdp.send('PerformanceTimeline.enable', { eventTypes: ['largest-contentful-paint'] });

    const loaded = page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    let shopSeenAt: number | null = null;
    let settled = false;
    void loaded.finally(() => (settled = true)).catch(() => undefined);
    // Polls until the name shows, and a little past `load` in case it arrives later (it should not).
    for (let deadline = Date.now() + 120_000; shopSeenAt === null && Date.now() < deadline; ) {
      shopSeenAt = await page.evaluate(laidOutAt, options.shopNameSelector).catch(() => null);
      if (settled && shopSeenAt === null) {
        shopSeenAt = await page.evaluate(laidOutAt, options.shopNameSelector).catch(() => null);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await loaded;
    // Lazy images near the viewport and the hydration scripts may still be arriving after `load`.
    await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
    const timings = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return { timeOrigin: performance.timeOrigin, fcpMs: fcp ? fcp.startTime : null };
    });
    const perf = options.javaScript ? await page.evaluate(() => (window as unknown as { __kasuwaPerf: PagePerf }).__kasuwaPerf) : null;
    return {
      ttfbMs,
      fcpMs: timings.fcpMs,
      lcpMs: lcpEpochMs === null ? null : lcpEpochMs - timings.timeOrigin,
      firstShopVisibleMs: shopSeenAt === null ? null : Math.max(shopSeenAt, timings.fcpMs ?? 0),
      bytes,
      requests,
      tbtMs: perf ? totalBlockingTime(perf, timings.fcpMs ?? 0) : null,
      cls: perf ? cumulativeLayoutShift(perf) : null,
    };
  } finally {
    await context.close();
  }
}
