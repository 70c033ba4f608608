import { htmlLang, type Language } from '#rules/i18n/languages.ts';
import { sayerIn } from '#rules/i18n/say.ts';
import { priceInNaira } from '#rules/naira.ts';

/** The simulator's words in the language its visitor's browser prefers (docs/languages.md). */
export type Say = ReturnType<typeof sayerIn>;
export const simulatorWords = (language: Language): { language: Language; say: Say } => ({ language, say: sayerIn(language, 'simulator') });
type Words = ReturnType<typeof simulatorWords>;

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!);
}

function formatAmount(amountKobo: number, currency: string): string {
  const amount = amountKobo / 100;
  return currency === 'NGN' ? priceInNaira(amount) : new Intl.NumberFormat('en-NG', { style: 'currency', currency }).format(amount);
}

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f1ea;color:#1f1a14}
main{max-width:24rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 .5rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
.note{font-size:.875rem;color:#5c5247}form{display:grid;gap:.75rem;margin-top:1.25rem}
button{min-height:48px;font-size:1rem;border-radius:8px;border:1px solid #1f1a14;background:#fff;color:#1f1a14}
button[value=pay],button[value=confirm]{background:#0b6b3a;border-color:#0b6b3a;color:#fff;font-weight:700}`;

function page({ language }: Words, title: string, body: string): string {
  return `<!doctype html>
<html lang="${htmlLang(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The stand-in for Paystack's hosted checkout: a plain form, so it works without JavaScript. */
export function checkoutPage(words: Words, transaction: { email: string; amountKobo: number; currency: string }): string {
  const { say } = words;
  return page(
    words,
    say('simulator.checkoutTitle'),
    `<h1>${escapeHtml(say('simulator.payKasuwa'))}</h1>
<p class="amount">${escapeHtml(formatAmount(transaction.amountKobo, transaction.currency))}</p>
<p>${escapeHtml(transaction.email)}</p>
<p class="note">${escapeHtml(say('simulator.noMoney'))}</p>
<form method="post">
<button name="outcome" value="pay">${escapeHtml(say('simulator.pay'))}</button>
<button name="outcome" value="transfer">${escapeHtml(say('simulator.transfer'))}</button>
<button name="outcome" value="decline">${escapeHtml(say('simulator.decline'))}</button>
<button name="outcome" value="cancel">${escapeHtml(say('simulator.cancel'))}</button>
</form>`,
  );
}

/** A bank transfer sent but not yet confirmed: the bank's side of the simulator, on the same checkout link. */
export function transferPendingPage(words: Words, transaction: { amountKobo: number; currency: string }): string {
  const { say } = words;
  return page(
    words,
    say('simulator.transferTitle'),
    `<h1>${escapeHtml(say('simulator.transferWaiting'))}</h1>
<p class="amount">${escapeHtml(formatAmount(transaction.amountKobo, transaction.currency))}</p>
<p class="note">${escapeHtml(say('simulator.transferNote'))}</p>
<form method="post">
<button name="outcome" value="confirm">${escapeHtml(say('simulator.confirm'))}</button>
</form>`,
  );
}

export function messagePage(words: Words, title: string, message: string): string {
  return page(words, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
