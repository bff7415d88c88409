import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';
import type { SectionScreenProps } from '../../../lib/feature-module';
import { cn } from '../../../lib/utils';
import { useSession } from '../../../lib/session/use-session';
import { AnonymousOffers } from '../components/anonymous-offers';
import { OfferDetailDialog } from '../components/offer-detail';
import { OfferList } from '../components/offer-list';

type Box = 'received' | 'sent' | 'anonymous';
const BOXES: readonly Box[] = ['received', 'sent', 'anonymous'];
export const OFFERS_PATH = '/dashboard/offers';

export function OffersSection({ detail }: Partial<SectionScreenProps>) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [box, setBox] = useState<Box>(detail?.kind === 'anonymousOffer' ? 'anonymous' : 'received');
  const title = t('sections.offers');
  if (session.status !== 'signed-in')
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <NotAvailable section={title} />
      </div>
    );
  const open = (path: string) => navigate(`${OFFERS_PATH}/${path}`);
  const opened = detail?.kind === 'offer' || detail?.kind === 'anonymousOffer' ? detail : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div
        role="tablist"
        aria-label={title}
        className="flex gap-1 overflow-x-auto border-b border-neutral-200 dark:border-neutral-800"
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
              '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm',
              box === b ? 'border-orange-600 font-semibold' : 'border-transparent text-neutral-500',
            )}
          >
            {t(`offers.tabs.${b}`)}
          </button>
        ))}
      </div>
      <div id="offers-panel" role="tabpanel" aria-labelledby={`offers-tab-${box}`} className="min-w-0">
        {box === 'anonymous' ? (
          <AnonymousOffers onOpen={(id) => open(`anonymous/${encodeURIComponent(id)}`)} />
        ) : (
          <OfferList key={box} box={box} onOpen={(id) => open(encodeURIComponent(id))} />
        )}
      </div>
      {opened && (
        <OfferDetailDialog
          key={`${opened.kind}-${opened.id}`}
          kind={opened.kind === 'offer' ? 'offer' : 'anonymousOffer'}
          offerId={opened.id}
          userId={session.userId}
          onClose={() => navigate(OFFERS_PATH)}
        />
      )}
    </div>
  );
}
