import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { startI18n, type StringsPart } from '../i18n';
import { applyTheme, readStoredTheme, resolveTheme, ThemeProvider } from '../lib/theme';
import { AppErrorBoundary } from './error-boundary';
import '../index.css';

/**
 * What every HTML entry does first: theme, language (the core strings and `strings`, what
 * `app` shows first), then the root element.
 */
export function start(app: ReactNode, strings: readonly StringsPart[] = []): void {
  applyTheme(
    resolveTheme(readStoredTheme(), window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false),
  );
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from the page');
  const root = createRoot(container);

  // English is inline; another stored language loads its parts before the first render.
  void startI18n(...strings)
    .catch((error: unknown) => console.error('Could not load translations', error))
    .then(() => {
      // A transition lets React yield to the browser while it builds the first screen, so a
      // slow phone never sees one long blocking task.
      startTransition(() =>
        root.render(
          <StrictMode>
            <AppErrorBoundary>
              <ThemeProvider>{app}</ThemeProvider>
            </AppErrorBoundary>
          </StrictMode>,
        ),
      );
    });
}
