import { type PhotoSlot, photoOf, ResponsiveImage } from '#app/components/shops/responsive-image.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import type { Product } from '#app/lib/provider/contract.ts';
import { priceInNaira } from '#rules/naira.ts';
import { OrderControl } from './order-control';

/** The photo column is fixed in shop.css, so one width serves every screen. */
const PRODUCT_SLOT: PhotoSlot = { sizes: '7.5rem', widest: 400, phone: 120 };

export function ProductGrid({ products, shopId }: { products: Product[]; shopId: string }) {
  const t = useT();
  if (!products.length) return <p className="notice">{t('shop.noProducts')}</p>;
  return (
    <ul className="product-grid" aria-label={t('shop.products')}>
      {products.map((product) => (
        <ProductCard key={product.id} product={product} shopId={shopId} />
      ))}
    </ul>
  );
}

function ProductCard({ product, shopId }: { product: Product; shopId: string }) {
  const t = useT();
  return (
    <li className="product-card" id={`product-${product.id}`}>
      <ResponsiveImage photo={photoOf(product.image, product.image_url)} alt={product.name} slot={PRODUCT_SLOT} timing="near" className="product-image" />
      <div className="product-info">
        <h3 className="product-name">
          <a href={`/product/${encodeURIComponent(product.id)}`}>{product.name}</a>
        </h3>
        <p className="product-price">{priceInNaira(product.price)}</p>
      </div>
      {product.in_stock === false ? <p className="out-of-stock">{t('shop.outOfStock')}</p> : <OrderControl product={product} shopId={shopId} />}
    </li>
  );
}
