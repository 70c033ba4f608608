/**
 * The smaller copies stored beside each photo's main JPEG, for `srcset`: widths that fit the slots the
 * pages draw photos in at phone densities (a card 160-185 CSS px wide at 2×: 320 or 400; the shop photo
 * 330-380 px: 640 or 800; a 3× phone and wide screens: 1024), each as AVIF and as WebP.
 */
const VARIANT_WIDTHS = [320, 400, 640, 800, 1024] as const;

export type VariantType = 'image/avif' | 'image/webp';

/** AVIF first: the order `<picture>` offers them in, and browsers take the first they can show. */
export const VARIANT_TYPES: readonly VariantType[] = ['image/avif', 'image/webp'];

export const EXTENSION: Record<VariantType, string> = { 'image/avif': 'avif', 'image/webp': 'webp' };

/** Variant widths smaller than the main image; a tiny image still gets one variant at its own width. */
export function variantWidths(mainWidth: number): number[] {
  const smaller = VARIANT_WIDTHS.filter((width) => width < mainWidth);
  return smaller.length > 0 ? smaller : [mainWidth];
}

/**
 * Quality by width: a small copy is enlarged by the screen's density, so each of its pixels shows; a large
 * one is seen at about its own size, where AVIF's smoothing of fine grain is invisible. The AVIF values
 * give the look of the WebP copies (compared side by side on the benchmark's phone photos) in fewer bytes.
 */
export function variantQuality(type: VariantType, width: number): number {
  if (type === 'image/avif') return width <= 320 ? 52 : width <= 400 ? 50 : width <= 640 ? 45 : width <= 800 ? 40 : 38;
  return width <= 400 ? 75 : width <= 640 ? 72 : 70;
}
