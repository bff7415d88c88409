import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { useSession } from '../../../lib/session/use-session';

/** Superusers see `children`; anyone else a clear refusal (the nav hides the section from them too). */
export function SuperuserOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.status === 'signed-in' && session.profile?.isSuperuser) return <>{children}</>;
  return (
    <div
      role="status"
      data-testid="catalog-superuser-only"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700"
    >
      <ShieldAlert aria-hidden="true" className="h-8 w-8 text-neutral-500" />
      <p className="text-sm">{t('catalog.sizeChart.superuserOnly')}</p>
    </div>
  );
}
