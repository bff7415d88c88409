import type { ReactNode } from 'react';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';

/**
 * A simple public page frame: header with brand and preferences, a centred main area. It
 * needs no router (the share shell renders it); `onHome` turns the brand link into in-app
 * navigation.
 */
export function PageFrame({ children, onHome }: { children: ReactNode; onHome?: () => void }) {
  return (
    <div className="flex min-h-svh flex-col">
      <header className="flex items-center justify-between gap-3 border-b border-neutral-200 px-4 py-3 dark:border-neutral-800 sm:px-6">
        <a
          href="/"
          onClick={(event) => {
            if (!onHome || event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            onHome();
          }}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-orange-500"
        >
          <Brand />
        </a>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main id="main-content" className="flex flex-1 items-center justify-center p-4 sm:p-8">
        {children}
      </main>
    </div>
  );
}
