import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';

/** A simple public page frame: header with brand and preferences, a centred main area. */
export function PageScreen({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col">
      <header className="flex items-center justify-between gap-3 border-b border-neutral-200 px-4 py-3 dark:border-neutral-800 sm:px-6">
        <Link to="/" className="rounded-md focus-visible:outline-2 focus-visible:outline-orange-500">
          <Brand />
        </Link>
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
