import { cn } from '../../../lib/utils';

/** A partner's avatar, or their initial when they have none. */
export function Avatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  if (url)
    return (
      <img
        src={url}
        alt=""
        loading="lazy"
        className={cn(
          'h-10 w-10 shrink-0 rounded-full bg-neutral-100 object-cover dark:bg-neutral-800',
          className,
        )}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid h-10 w-10 shrink-0 place-items-center rounded-full bg-orange-600 text-sm font-semibold text-white',
        className,
      )}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
