/** For `srcset`: widths that fit the slots the pages draw photos in, at phone densities. */
const VARIANT_WIDTHS = [320, 400, 640, 800, 1024] as const;

export type VariantType = 'image/avif' | 'image/webp';

/** AVIF first: the order `<picture>` offers them in, and browsers take the first they can show. */
export const VARIANT_TYPES: readonly VariantType[] = ['image/avif', 'image/webp'];

export const EXTENSION: Record<VariantType, string> = { 'image/avif': 'avif', 'image/webp': 'webp' };

/** A tiny image still gets one variant at its own width. */
export function variantWidths(mainWidth: number): number[] {
  const smaller = VARIANT_WIDTHS.filter((width) => width < mainWidth);
  return smaller.length > 0 ? smaller : [mainWidth];
}

/** A small copy is enlarged by the screen's density, so each pixel shows; a large one hides AVIF's smoothing. */
export function variantQuality(type: VariantType, width: number): number {
  if (type === 'image/avif') return width <= 320 ? 45 : width <= 400 ? 44 : width <= 640 ? 42 : width <= 800 ? 40 : 38;
  return width <= 400 ? 75 : width <= 640 ? 72 : 70;
}
