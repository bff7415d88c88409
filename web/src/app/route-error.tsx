import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './error-boundary';

/** Route-level error element (render errors, failed lazy chunks). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <ErrorScreen
      message={t('errors.generic')}
      reloadLabel={t('errors.reload')}
      homeLabel={t('common.backToHome')}
    />
  );
}
