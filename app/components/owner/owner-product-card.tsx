import { Link } from 'react-router';
import { photoOf, ResponsiveImage } from '#app/components/shops/responsive-image.tsx';
import { CARD_SLOT } from '#app/components/shops/shop-card.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import type { Product } from '#app/lib/provider/contract.ts';
import { priceInNaira } from '#rules/naira.ts';

export function OwnerProductCard({ product, eager }: { product: Product; eager: boolean }) {
  const id = encodeURIComponent(product.id);
  const t = useT();
  return (
    <li className="owner-product">
      <ResponsiveImage
        photo={photoOf(product.image, product.image_url)}
        alt={product.name}
        slot={CARD_SLOT}
        timing={eager ? 'first' : 'near'}
        className="card-image"
      />
      <h2>
        <Link to={`/product/${id}`}>{product.name}</Link>
      </h2>
      <p className="owner-product-price">{priceInNaira(product.price)}</p>
      <nav className="product-actions" aria-label={t('ownProduct.manage', { name: product.name })}>
        {/* The edit page loads the product by its id, so the link carries nothing else. */}
        <Link className="button secondary" to={`/shop/${id}/edit-products`}>
          {t('ownProduct.edit')}
        </Link>
        {/* A link to the confirmation, so deleting asks first with or without JavaScript. */}
        <Link className="button danger" to={`?delete=${id}`} preventScrollReset>
          {t('ownProduct.delete')}
        </Link>
      </nav>
    </li>
  );
}
