import { Link } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';
import type { FoundProduct } from '#app/lib/provider/contract.ts';
import { priceInNaira } from '#rules/naira.ts';
import { type PhotoSlot, photoOf, ResponsiveImage } from './responsive-image';

/** A small fixed thumbnail beside each name, so one width serves every screen. */
const FOUND_PRODUCT_SLOT: PhotoSlot = { sizes: '4rem', widest: 200, phone: 64 };

/** Products matching a search, each opening its own page (docs/product.md §5). */
export function FoundProducts({ products }: { products: FoundProduct[] }) {
  const t = useT();
  if (!products.length) return null;
  return (
    <section className="found-products" aria-labelledby="found-products-title">
      <h2 id="found-products-title" className="section-title">
        {t('results.products')}
      </h2>
      <ul aria-label={t('results.products')}>
        {products.map((product) => (
          <li key={product.id}>
            <Link to={`/product/${product.id}`} className="found-product">
              <ResponsiveImage
                photo={photoOf(product.image, product.image_url)}
                alt=""
                slot={FOUND_PRODUCT_SLOT}
                timing="near"
                className="found-product-image"
              />
              <span className="found-product-text">
                <span className="found-product-name">{product.name}</span>
                <span>{priceInNaira(product.price)}</span>
                <span className="found-product-shop">{product.shop_name}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
