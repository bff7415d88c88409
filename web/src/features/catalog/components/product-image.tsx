import { PLACEHOLDER_IMAGE } from '../../../lib/placeholder-image';
import { cn } from '../../../lib/utils';

/** A product's picture, lazily loaded; the neutral placeholder when it has none or it fails. */
export function ProductImage({
  src,
  alt,
  className,
  eager = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={src ?? PLACEHOLDER_IMAGE}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      data-testid="product-image"
      onError={(e) => {
        // Once: the placeholder itself never fails, so this cannot loop.
        if (e.currentTarget.src !== PLACEHOLDER_IMAGE) e.currentTarget.src = PLACEHOLDER_IMAGE;
      }}
      className={cn('bg-neutral-100 object-contain dark:bg-neutral-800', className)}
    />
  );
}
