import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';
import { useSession } from '../../../lib/session/use-session';
import type { SectionScreenProps } from '../../../lib/feature-module';
import { PickupSheet } from '../components/pickup-sheet';
import { ProviderDetail } from '../components/provider-detail';
import { ProvidersList } from '../components/providers-list';

/** The Providers section, the provider detail page and its printable pickup sheet. */
export function ProvidersSection({ section, detail, businessName }: SectionScreenProps) {
  const { t } = useTranslation();
  const session = useSession();
  const title = detail ? t(`details.${detail.kind}`) : t(`sections.${section}`);
  if (session.status !== 'signed-in') {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <NotAvailable section={title} />
      </div>
    );
  }
  if (detail?.kind === 'providerPickup') {
    return (
      <PickupSheet
        key={detail.id}
        id={detail.id}
        businessName={session.profile?.businessName || businessName}
      />
    );
  }
  if (detail?.kind === 'provider')
    return <ProviderDetail key={detail.id} id={detail.id} currency={session.profile?.currency} />;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('providers.intro')}</p>
      </div>
      <ProvidersList userId={session.userId} />
    </div>
  );
}
