import { Component, type ErrorInfo, type ReactNode } from 'react';
import AlertTriangle from 'lucide-react/icons/triangle-alert';
import { i18n } from '../i18n';
import { buttonClass } from '../components/ui/button-styles';

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
        <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
          {reloadLabel}
        </button>
        <a href="/" className={buttonClass('outline')}>
          {homeLabel}
        </a>
      </div>
    </div>
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
