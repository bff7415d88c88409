import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@sneakers/shared';
import { PageScreen } from './page-screen';
import { CenteredSpinner } from './ui/spinner';

/** What a shared record shows once loaded: a line above the store's name, details under it, the body. */
export interface SharedRecordView {
  kicker: ReactNode;
  storeName: string;
  details: ReactNode;
  body: ReactNode;
}

/** The feature's own texts for a record that is not there or could not be loaded. */
export interface SharedPageTexts {
  notFoundTitle: string;
  notFoundBody: string;
  loadError: string;
}

interface SharedPageProps<T> {
  query: UseQueryResult<T>;
  testId: string;
  texts: SharedPageTexts;
  view: (data: T) => SharedRecordView;
}

/**
 * The public page of a record shared by an unguessable link (an order, a booking): loading,
 * "not found", and the store's header above the record. Test ids derive from `testId`:
 * `{testId}`, `{testId}-store`, `{testId}-not-found`, `{testId}-error`.
 */
export function SharedPage<T>(props: SharedPageProps<T>) {
  return (
    <PageScreen>
      <SharedRecord {...props} />
    </PageScreen>
  );
}

function SharedRecord<T>({ query, testId, texts, view }: SharedPageProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    // A share id too short or too long fails validation (400): for the visitor it is just not there.
    const notFound =
      !(query.error instanceof ApiError) || query.error.status === 404 || query.error.status === 400;
    return (
      <section
        role="alert"
        data-testid={notFound ? `${testId}-not-found` : `${testId}-error`}
        className="mx-auto my-12 flex max-w-md flex-col gap-2 rounded-xl border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700"
      >
        <h1 className="text-lg font-semibold">{notFound ? texts.notFoundTitle : texts.loadError}</h1>
        {notFound && <p className="text-sm text-neutral-500">{texts.notFoundBody}</p>}
      </section>
    );
  }
  const { kicker, storeName, details, body } = view(query.data);
  return (
    <article data-testid={testId} className="mx-auto flex w-full max-w-2xl flex-col gap-6 p-4 sm:p-8">
      <header className="flex flex-col gap-2">
        <p className="text-sm text-neutral-500">{kicker}</p>
        <h1 className="text-2xl font-bold tracking-tight break-words" data-testid={`${testId}-store`}>
          {storeName}
        </h1>
        {details}
      </header>
      {body}
    </article>
  );
}
