import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from './app/error-boundary';
import { Boot } from './app/boot';
import { loadLanguageBundle, setupI18n, storedLanguage } from './i18n';
import { applyTheme, readStoredTheme, resolveTheme, ThemeProvider } from './lib/theme';
import './index.css';

applyTheme(
  resolveTheme(readStoredTheme(), window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false),
);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

// English is inline; another stored language loads its bundle before the first render.
void loadLanguageBundle(storedLanguage())
  .catch((error: unknown) => console.error('Could not load translations', error))
  .then(() => {
    setupI18n();
    root.render(
      <StrictMode>
        <AppErrorBoundary>
          <ThemeProvider>
            <Boot />
          </ThemeProvider>
        </AppErrorBoundary>
      </StrictMode>,
    );
  });
