import { request } from 'undici';
import type { SmsSender } from './sms-sender';

/** A hung gateway holds a queue place no longer than this. */
const TIMEOUT_MS = 10_000;
/** Termii's error bodies may repeat the number or the text, a phone code's 6 digits included; the log keeps none of it. */
const LONG_DIGITS = /\+?\d{6,}/g;

/** Termii answers JSON; anything else (a proxy's error page, say) reads as an answer that says nothing. */
function answerOf(text: string): { message_id?: unknown; message?: unknown } {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

export type TermiiSettings = { apiKey: string; senderId: string; baseUrl: string };

/**
 * Termii's messaging API (developer.termii.com/messaging-api) on its `dnd` route, the one that reaches
 * numbers on Do-Not-Disturb: an alert is transactional. An answer without a `message_id` is no send.
 */
export function termiiSmsSender(settings: TermiiSettings): SmsSender {
  const url = new URL('/api/sms/send', settings.baseUrl);
  return {
    async send(sms) {
      const response = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          api_key: settings.apiKey,
          to: sms.to.replace(/^\+/, ''),
          from: settings.senderId,
          sms: sms.text,
          type: 'plain',
          channel: 'dnd',
        }),
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
      const answer = answerOf(await response.body.text());
      if (response.statusCode >= 200 && response.statusCode < 300 && answer.message_id) return;
      const said = typeof answer.message === 'string' ? answer.message.replace(LONG_DIGITS, '…').slice(0, 200) : 'no message';
      throw new Error(`Termii answered ${response.statusCode}: ${said}`);
    },
  };
}
