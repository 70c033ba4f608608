import { LiteSwitch } from './lite-switch';

/** Contact details and the disclaimers docs/product.md §2 lists. */
export function Footer() {
  return (
    <footer className="site-footer">
      <h2>Kasuwa</h2>
      <p>
        Contact us: <a href="mailto:hello@kasuwa.ng">hello@kasuwa.ng</a> · <a href="tel:+2348000000000">+234 800 000 0000</a>
        <br />
        Lagos, Nigeria
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
