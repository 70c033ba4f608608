import { Form, useNavigation } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';
import type { OwnShop } from '#app/lib/provider/contract.ts';
import { isNigerianPhone, maskedPhone, normalisePhone } from '#rules/phone.ts';

/** What the switch reads of a shop: My Shops and Settings both show it, from the shop's own column. */
export type SmsAlertsShop = Pick<OwnShop, 'id' | 'name' | 'owner_phone' | 'sms_alerts'>;

/**
 * The shop's text message alerts as one button that asks for the other state: a plain form, so it works
 * before or without JavaScript. Only the owner sees it, and the number stays half hidden.
 */
export function SmsAlertsForm({ shop, named = false }: { shop: SmsAlertsShop; named?: boolean }) {
  const navigation = useNavigation();
  const t = useT();
  if (!shop.owner_phone || !isNigerianPhone(shop.owner_phone)) return null;
  const on = shop.sms_alerts;
  const sending = navigation.formData?.get('intent') === 'sms-alerts' && navigation.formData.get('shopId') === shop.id;
  const labelId = `sms-alerts-${shop.id}`;
  return (
    <Form method="post" className="sms-alerts" preventScrollReset>
      <input type="hidden" name="intent" value="sms-alerts" />
      <input type="hidden" name="shopId" value={shop.id} />
      <input type="hidden" name="sms" value={on ? 'off' : 'on'} />
      <p id={labelId}>
        {named && `${shop.name}: `}
        {t('sms.label', { number: maskedPhone(normalisePhone(shop.owner_phone)) })}: <strong>{on ? t('sms.on') : t('sms.off')}</strong>
      </p>
      <button type="submit" className="button secondary" aria-describedby={labelId} disabled={sending}>
        {on ? t('sms.turnOff') : t('sms.turnOn')}
      </button>
    </Form>
  );
}
