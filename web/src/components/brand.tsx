import { useTranslation } from 'react-i18next';
import Footprints from 'lucide-react/icons/footprints';
import { clsx as cn } from 'clsx';

export function Brand({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <span
        aria-hidden="true"
        className="grid h-8 w-8 place-items-center rounded-lg bg-orange-600 text-white"
      >
        <Footprints className="h-5 w-5" />
      </span>
      {t('app.name')}
    </span>
  );
}
