import { DEFAULT_LANGUAGE, htmlLang, type Language } from './i18n/languages';

// Lagos time, so the server's HTML and the browser agree on the day whatever the phone's clock zone.
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' };
const MONTH: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' };
const KINDS = { day: DAY, moment: DAY_AND_TIME, month: MONTH };
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(language: Language, kind: keyof typeof KINDS): Intl.DateTimeFormat {
  const key = `${language} ${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(htmlLang(language), KINDS[kind]);
    formats.set(key, format);
  }
  return format;
}

/** `22 Dec 2026`, or as the language writes a day (`22 Oṣù Ọ̀pẹ 2026`). */
export function dayInLagos(iso: string | Date, language: Language = DEFAULT_LANGUAGE): string {
  return formatIn(language, 'day').format(new Date(iso));
}

/** `22 Nov 2026, 9:15 am`, or as the language writes it. */
export function momentInLagos(iso: string | Date, language: Language = DEFAULT_LANGUAGE): string {
  return formatIn(language, 'moment').format(new Date(iso));
}

/** `Nov 2026`, or as the language writes a month. */
export function monthInLagos(iso: string | Date, language: Language = DEFAULT_LANGUAGE): string {
  return formatIn(language, 'month').format(new Date(iso));
}
