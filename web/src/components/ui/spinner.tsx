import { clsx as cn } from 'clsx';

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block h-8 w-8 animate-spin rounded-full border-4 border-neutral-200 border-t-orange-600 motion-reduce:animate-none dark:border-neutral-800 dark:border-t-orange-500',
        className,
      )}
    />
  );
}

/** The centred spinner with a visible label ('Loading...'). */
export function CenteredSpinner({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex min-h-[50vh] flex-col items-center justify-center gap-3 p-6', className)}
    >
      <Spinner />
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{label}</p>
    </div>
  );
}
