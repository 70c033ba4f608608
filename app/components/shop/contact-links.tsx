import { PhoneIcon, WhatsAppIcon } from '#app/components/icons.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import { isNigerianPhone, localPhone, normalisePhone } from '#rules/phone.ts';

/**
 * WhatsApp's link wants the number as digits with the country code and nothing else; `whatsapp` is the
 * shop's own, if any, and `greeting` the prefilled text.
 */
export function ContactLinks({ phone, whatsapp, greeting }: { phone: string | null; whatsapp?: string | null; greeting: string }) {
  const t = useT();
  if (!phone) return null;
  const international = normalisePhone(phone);
  const nigerian = isNigerianPhone(international);
  const chat = whatsapp && isNigerianPhone(whatsapp) ? normalisePhone(whatsapp) : nigerian ? international : null;
  return (
    <div className="contact-links">
      <a className="button" href={`tel:${international.replace(/[^\d+]/g, '')}`}>
        <PhoneIcon />
        {t('contact.call', { number: nigerian ? localPhone(international) : international })}
      </a>
      {chat && (
        <a className="button whatsapp" href={`https://wa.me/${chat.slice(1)}?text=${encodeURIComponent(greeting)}`}>
          <WhatsAppIcon />
          WhatsApp
        </a>
      )}
    </div>
  );
}
