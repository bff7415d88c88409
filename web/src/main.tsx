import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from './app/error-boundary';
import { Boot } from './app/boot';
import { setupI18n } from './i18n';
import { applyTheme, readStoredTheme, resolveTheme, ThemeProvider } from './lib/theme';
import './index.css';

setupI18n();
applyTheme(
  resolveTheme(readStoredTheme(), window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false),
);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary>
      <ThemeProvider>
        <Boot />
      </ThemeProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
