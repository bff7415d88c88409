import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Says what the action does (and what else goes with it). */
  description: string;
  confirmLabel: string;
  /** Destructive unless told otherwise (a reversible step, say). */
  confirmVariant?: 'destructive' | 'default';
  pending?: boolean;
  onConfirm: () => void;
  testId?: string;
  confirmTestId?: string;
}

/** Asks before a destructive action (delete, revoke a link); Cancel is the safe default. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  confirmVariant = 'destructive',
  pending,
  onConfirm,
  testId = 'confirm-dialog',
  confirmTestId = 'confirm-delete',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      closeLabel={t('common.close')}
      testId={testId}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('common.cancel')}
        </Button>
        <Button variant={confirmVariant} data-testid={confirmTestId} disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
