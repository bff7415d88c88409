import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';
import { cn } from '../../../lib/utils';
import { useSession } from '../../auth';
import { AnonymousOffers } from '../components/anonymous-offers';
import { OfferList } from '../components/offer-list';

type Box = 'received' | 'sent' | 'anonymous';
const BOXES: readonly Box[] = ['received', 'sent', 'anonymous'];

export function OffersSection() {
  const { t } = useTranslation();
  const session = useSession();
  const [box, setBox] = useState<Box>('received');
  const title = t('sections.offers');
  if (session.status !== 'signed-in')
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <NotAvailable section={title} />
      </div>
    );
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div
        role="tablist"
        aria-label={title}
        className="flex gap-1 border-b border-neutral-200 dark:border-neutral-800"
      >
        {BOXES.map((b) => (
          <button
            key={b}
            id={`offers-tab-${b}`}
            role="tab"
            type="button"
            data-testid={`offers-tab-${b}`}
            aria-selected={box === b}
            aria-controls="offers-panel"
            onClick={() => setBox(b)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm',
              box === b ? 'border-orange-600 font-semibold' : 'border-transparent text-neutral-500',
            )}
          >
            {t(`offers.tabs.${b}`)}
          </button>
        ))}
      </div>
      <div id="offers-panel" role="tabpanel" aria-labelledby={`offers-tab-${box}`}>
        {box === 'anonymous' ? <AnonymousOffers /> : <OfferList key={box} box={box} />}
      </div>
    </div>
  );
}
