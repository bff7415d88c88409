import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { cn } from '../../../lib/utils';

/** A release's picture; a placeholder when it has none or it fails to load (docs/product/catalogue.md#scraper-test-page). */
export function ReleaseImage({
  src,
  alt,
  className,
}: {
  src: string | null;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed)
    return (
      <div
        data-testid="release-image-placeholder"
        role="img"
        aria-label={alt}
        className={cn(
          'grid shrink-0 place-items-center rounded-md bg-neutral-100 text-neutral-400 dark:bg-neutral-800',
          className,
        )}
      >
        <ImageOff aria-hidden="true" className="h-5 w-5" />
      </div>
    );
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      data-testid="release-image"
      onError={() => setFailed(true)}
      className={cn('shrink-0 rounded-md bg-neutral-100 object-contain dark:bg-neutral-800', className)}
    />
  );
}
