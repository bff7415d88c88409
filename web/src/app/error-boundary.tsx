import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { i18n } from '../i18n';
import { Button } from '../components/ui/button';

/** The generic error screen: 'Something went wrong.' with a way out. */
export function ErrorScreen({
  message,
  reloadLabel,
  homeLabel,
}: {
  message: string;
  reloadLabel: string;
  homeLabel: string;
}) {
  return (
    <div
      role="alert"
      data-testid="error-fallback"
      className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <AlertTriangle aria-hidden="true" className="h-10 w-10 text-red-600" />
      <p className="text-lg font-semibold">{message}</p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>{reloadLabel}</Button>
        <Button asChild variant="outline">
          <a href="/">{homeLabel}</a>
        </Button>
      </div>
    </div>
  );
}

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

/** Catches anything outside the router (providers, boot). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <ErrorScreen
          message={i18n.t('errors.generic')}
          reloadLabel={i18n.t('errors.reload')}
          homeLabel={i18n.t('common.backToHome')}
        />
      );
    }
    return this.props.children;
  }
}
