import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';
import type { SectionScreenProps } from '../../../lib/feature-module';

/** A section (or detail page) whose issue has not landed yet. */
export function PendingSection({ section, detail }: SectionScreenProps) {
  const { t } = useTranslation();
  const name = detail ? t(`details.${detail.kind}`) : t(`sections.${section}`);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight wrap-anywhere">{name}</h1>
      <NotAvailable section={name} />
    </div>
  );
}
