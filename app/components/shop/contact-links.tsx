import { PhoneIcon, WhatsAppIcon } from '#app/components/icons.tsx';
import { isNigerianPhone, normalisePhone } from '#rules/phone.ts';

/** `+2348030000000` as people write it at home: `0803 000 0000`. */
function localPhone(international: string): string {
  const national = international.slice(4);
  return `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}

/** WhatsApp's link wants the number as digits with the country code and nothing else; `greeting` is its prefilled text. */
export function ContactLinks({ phone, greeting }: { phone: string | null; greeting: string }) {
  if (!phone) return null;
  const international = normalisePhone(phone);
  const nigerian = isNigerianPhone(international);
  return (
    <div className="contact-links">
      <a className="button" href={`tel:${international.replace(/[^\d+]/g, '')}`}>
        <PhoneIcon />
        Call {nigerian ? localPhone(international) : international}
      </a>
      {nigerian && (
        <a className="button whatsapp" href={`https://wa.me/${international.slice(1)}?text=${encodeURIComponent(greeting)}`}>
          <WhatsAppIcon />
          WhatsApp
        </a>
      )}
    </div>
  );
}
