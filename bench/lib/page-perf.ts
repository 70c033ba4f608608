/**
 * What the page itself records for `bench:pages`, through the Event Timing, Long Tasks and Layout
 * Instability APIs: observers installed before any of the page's scripts, so they run only with
 * JavaScript on. Plain JavaScript text: a function would carry the helpers tsx adds to its code.
 * 16 ms is the smallest event threshold the API allows: a quicker interaction leaves no entry.
 */
export const WATCH_PERFORMANCE = `
  const perf = { longTasks: [], shifts: [], events: [] };
  window.__kasuwaPerf = perf;
  function watch(type, keep, extra) {
    try {
      new PerformanceObserver(function (list) { for (const entry of list.getEntries()) keep(entry); })
        .observe(Object.assign({ type: type, buffered: true }, extra || {}));
    } catch (error) {}
  }
  watch('longtask', function (entry) { perf.longTasks.push([entry.startTime, entry.duration]); });
  watch('layout-shift', function (entry) { if (!entry.hadRecentInput) perf.shifts.push([entry.startTime, entry.value]); });
  watch('event', function (entry) { if (entry.interactionId) perf.events.push([entry.interactionId, entry.startTime, entry.duration]); }, { durationThreshold: 16 });
`;

export type PagePerf = { longTasks: [number, number][]; shifts: [number, number][]; events: [number, number, number][] };

/** Total blocking time as Lighthouse counts it: each long task's time past 50 ms, from First Contentful Paint on. */
export function totalBlockingTime(perf: PagePerf, fcpMs: number): number {
  return perf.longTasks.filter(([start]) => start >= fcpMs).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
}

/** Cumulative Layout Shift: the largest session of shifts less than 1 s apart and at most 5 s long. */
export function cumulativeLayoutShift(perf: PagePerf): number {
  let worst = 0;
  let session = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const [at, value] of perf.shifts) {
    if (at - last > 1000 || at - first > 5000) {
      session = 0;
      first = at;
    }
    session += value;
    last = at;
    worst = Math.max(worst, session);
  }
  return worst;
}

/** The slowest interaction that began at or after `sinceMs`: each interaction's longest event, then the longest of them; 0 when none took 16 ms. */
export function slowestInteraction(perf: PagePerf, sinceMs: number): number {
  const byInteraction = new Map<number, number>();
  for (const [id, start, duration] of perf.events) {
    if (start >= sinceMs) byInteraction.set(id, Math.max(byInteraction.get(id) ?? 0, duration));
  }
  return Math.max(0, ...byInteraction.values());
}
