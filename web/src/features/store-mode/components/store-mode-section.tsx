import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { TabList, TabPanel } from '../../../components/ui/tabs';
import { useSession } from '../../../lib/session/use-session';
import { useCounterStock, useOutbox } from '../api/queries';
import { todayUtc } from '../model/day-summary';
import { DayPanel } from './day-panel';
import { OutboxList } from './outbox-list';
import { ReceivePanel } from './receive-panel';
import { SellPanel } from './sell-panel';

const TABS = ['sell', 'receive', 'day'] as const;
type Tab = (typeof TABS)[number];

const subscribeOnline = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};
const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

/** Store mode (docs/product/store-mode.md): the counter on a phone, for store users. */
export function StoreModeSection() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.status !== 'signed-in' || session.profileStatus === 'loading')
    return <CenteredSpinner label={t('storeMode.loading')} />;
  if (session.profile?.role !== 'store')
    return (
      <p className="max-w-xl text-sm" data-testid="store-mode-stores-only">
        {t('storeMode.storesOnly')}
      </p>
    );
  return (
    <Counter
      userId={session.userId}
      storeName={session.profile.businessName}
      currency={session.profile.currency}
    />
  );
}

function Counter({
  userId,
  storeName,
  currency,
}: {
  userId: string;
  storeName: string;
  currency: 'EUR' | 'USD' | 'GBP';
}) {
  const { t } = useTranslation();
  const idBase = useId();
  const [tab, setTab] = useState<Tab>('sell');
  const [receiveCode, setReceiveCode] = useState<string | null>(null);
  const online = useOnline();
  const stock = useCounterStock(userId);
  const outbox = useOutbox(userId);
  const waiting = outbox.entries.filter((e) => e.state === 'waiting').length;
  const { refetch } = stock;
  // Back online: the stock is read again (a sale elsewhere may have taken pairs).
  useEffect(() => {
    if (online) void refetch();
  }, [online, refetch]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4" data-testid="store-mode">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{t('storeMode.title')}</h1>
        <div className="flex items-center gap-2" aria-live="polite">
          <Badge tone={online ? 'blue' : 'orange'} data-testid="store-mode-connection">
            {online ? t('storeMode.online') : t('storeMode.offline')}
          </Badge>
          {waiting > 0 && (
            <Badge tone="orange" data-testid="store-mode-waiting">
              {t('storeMode.outbox.waitingCount', { count: waiting })}
            </Badge>
          )}
        </div>
      </header>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        label={t('storeMode.title')}
        idBase={idBase}
        testIdPrefix="store-mode"
        renderTab={(name) => t(`storeMode.tabs.${name}`)}
      />
      <TabPanel tab={tab} idBase={idBase} testIdPrefix="store-mode">
        {tab === 'day' ? (
          <DayPanel userId={userId} date={todayUtc()} />
        ) : tab === 'receive' ? (
          <ReceivePanel
            key={receiveCode ?? ''}
            userId={userId}
            currency={currency}
            initialCode={receiveCode}
          />
        ) : stock.isLoading ? (
          <CenteredSpinner label={t('storeMode.loading')} />
        ) : stock.isError || !stock.data ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm">
            <p>{t('storeMode.stockError')}</p>
            <Button type="button" variant="outline" onClick={() => void refetch()}>
              {t('storeMode.retry')}
            </Button>
          </div>
        ) : (
          <>
            {stock.data.offline && (
              <p className="text-xs text-neutral-500" data-testid="store-mode-cached">
                {t('storeMode.cachedStock', { time: new Date(stock.data.savedAt).toLocaleTimeString() })}
              </p>
            )}
            <SellPanel
              userId={userId}
              storeName={storeName}
              stock={stock.data}
              outbox={outbox.entries}
              enqueue={outbox.enqueue}
              onReceive={(code) => {
                setReceiveCode(code);
                setTab('receive');
              }}
            />
          </>
        )}
      </TabPanel>
      <OutboxList entries={outbox.entries} onDiscard={(key) => void outbox.discard(key)} />
    </div>
  );
}
