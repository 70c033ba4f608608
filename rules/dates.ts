// Lagos time, so the server's HTML and the browser agree on the day whatever the phone's clock zone.
const DAY = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' });
const DAY_AND_TIME = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' });

/** `22 Dec 2026` */
export function dayInLagos(iso: string | Date): string {
  return DAY.format(new Date(iso));
}

/** `22 Nov 2026, 9:15 am` */
export function momentInLagos(iso: string | Date): string {
  return DAY_AND_TIME.format(new Date(iso));
}
