import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { cn } from '../../lib/utils';
import { useReturnFocus } from './return-focus';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name and description of the sheet (visually hidden). */
  title: string;
  description: string;
  children: ReactNode;
  className?: string;
  id?: string;
}

/** A panel that slides in from the left over the page (Radix Dialog: focus trap, Escape, overlay). */
export function Sheet({ open, onOpenChange, title, description, children, className, id }: SheetProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          {...returnFocus}
          id={id}
          className={cn(
            'fixed inset-y-0 left-0 z-50 flex h-full flex-col bg-white shadow-xl focus:outline-none dark:bg-neutral-950',
            className,
          )}
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
