import { clsx } from 'clsx';

/**
 * Button classes without tailwind-merge, for the landing page's first load (it has a
 * JavaScript budget). Callers must not pass classes that conflict with these.
 */
export const buttonVariants = {
  default:
    'bg-orange-600 text-white hover:bg-orange-700 dark:bg-orange-500 dark:hover:bg-orange-400 dark:text-neutral-950',
  secondary:
    'bg-neutral-100 text-neutral-900 hover:bg-neutral-200 dark:bg-neutral-800 dark:text-neutral-100 dark:hover:bg-neutral-700',
  outline:
    'border border-neutral-300 bg-transparent text-neutral-900 hover:bg-neutral-100 dark:border-neutral-700 dark:text-neutral-100 dark:hover:bg-neutral-800',
  ghost:
    'bg-transparent text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800',
  destructive: 'bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:hover:bg-red-400',
} as const;

export const buttonSizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-9 w-9 p-0',
} as const;

export const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 disabled:pointer-events-none disabled:opacity-50';

export function buttonClass(
  variant: keyof typeof buttonVariants = 'default',
  size: keyof typeof buttonSizes = 'md',
  extra?: string,
): string {
  return clsx(buttonBase, buttonVariants[variant], buttonSizes[size], extra);
}
