import { localPhone } from '#rules/phone.ts';
import { LiteSwitch } from './lite-switch';

/** Contact details (CONTACT_EMAIL, CONTACT_PHONE) and the disclaimers docs/product.md §2 lists. */
export function Footer({ contact }: { contact: { email: string; phone?: string | undefined } }) {
  return (
    <footer className="site-footer">
      <h2>Kasuwa</h2>
      <p>
        Contact us: <a href={`mailto:${contact.email}`}>{contact.email}</a>
        {contact.phone && (
          <>
            {' · '}
            <a href={`tel:${contact.phone}`}>{localPhone(contact.phone)}</a>
          </>
        )}
      </p>
      <details>
        <summary>Disclaimers</summary>
        <dl>
          <dt>Third-party interactions</dt>
          <dd>Kasuwa lists shops run by independent owners. Any order, payment or meeting is between you and the shop.</dd>
          <dt>Liability</dt>
          <dd>Kasuwa is not liable for goods, services, losses or disputes arising from dealings with listed shops.</dd>
          <dt>No endorsement</dt>
          <dd>A listing, or a Sponsored or Ad badge, is not a recommendation or guarantee by Kasuwa.</dd>
          <dt>Content</dt>
          <dd>Shop owners write their own names, descriptions, prices and photos and are responsible for them.</dd>
          <dt>Changes</dt>
          <dd>We may change these terms and the service at any time; the version on this page applies.</dd>
        </dl>
      </details>
      <LiteSwitch note />
      <p className="fine-print">© {new Date().getFullYear()} Kasuwa</p>
    </footer>
  );
}
