import { useT } from '#app/lib/i18n/words.ts';
import { localPhone } from '#rules/phone.ts';
import { LanguageSwitch } from './language-switch';
import { LiteSwitch } from './lite-switch';

/** Contact details (CONTACT_EMAIL, CONTACT_PHONE) and the disclaimers docs/product.md §2 lists. */
export function Footer({ contact }: { contact: { email: string; phone?: string | undefined } }) {
  const t = useT();
  return (
    <footer className="site-footer">
      <h2>Kasuwa</h2>
      <p>
        {t('footer.contact')} <a href={`mailto:${contact.email}`}>{contact.email}</a>
        {contact.phone && (
          <>
            {' · '}
            <a href={`tel:${contact.phone}`}>{localPhone(contact.phone)}</a>
          </>
        )}
      </p>
      <details>
        <summary>{t('footer.disclaimers')}</summary>
        <dl>
          <dt>{t('footer.thirdPartyTitle')}</dt>
          <dd>{t('footer.thirdParty')}</dd>
          <dt>{t('footer.liabilityTitle')}</dt>
          <dd>{t('footer.liability')}</dd>
          <dt>{t('footer.endorsementTitle')}</dt>
          <dd>{t('footer.endorsement')}</dd>
          <dt>{t('footer.contentTitle')}</dt>
          <dd>{t('footer.content')}</dd>
          <dt>{t('footer.changesTitle')}</dt>
          <dd>{t('footer.changes')}</dd>
        </dl>
      </details>
      <LanguageSwitch />
      <LiteSwitch note />
      <p className="fine-print">© {new Date().getFullYear()} Kasuwa</p>
    </footer>
  );
}
