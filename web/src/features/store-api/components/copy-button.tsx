import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Copies `text`; the copied toast says it worked (docs/product/store-api.md#api-playground). */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('storeApi.toast.copied'), { description: t('storeApi.toast.copiedBody') });
    } catch {
      toast.error(t('storeApi.toast.copyFailed'));
    }
  };
  return (
    <Button variant="outline" size="sm" data-testid={testId} onClick={() => void copy()}>
      <Copy aria-hidden="true" className="h-4 w-4" />
      {label}
    </Button>
  );
}
