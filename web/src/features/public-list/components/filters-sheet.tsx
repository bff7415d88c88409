import type { ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useReturnFocus } from '../../../components/ui/return-focus';

export interface FiltersSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  resultCount: number;
  children: ReactNode;
}

/** The mobile bottom sheet holding the list filters (loaded when first opened). */
export function FiltersSheet({ open, onOpenChange, resultCount, children }: FiltersSheetProps) {
  const { t } = useTranslation();
  // Opened by the filters button, not a Radix Trigger: it gets the focus back on close.
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          {...returnFocus}
          data-testid="filters-sheet"
          className="fixed inset-x-0 bottom-0 z-50 flex flex-col gap-3 rounded-t-2xl bg-white p-4 pb-8 dark:bg-neutral-900"
        >
          <DialogPrimitive.Title className="font-semibold">{t('publicList.filters')}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            {t('publicList.filters')}
          </DialogPrimitive.Description>
          <div className="flex flex-col gap-3">{children}</div>
          <Button onClick={() => onOpenChange(false)}>
            {t('publicList.showResults', { count: resultCount })}
          </Button>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
