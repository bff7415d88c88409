import { useRef } from 'react';

/**
 * Radix returns focus on close only to its own Trigger; the app's dialogs are opened by
 * state (a list's Edit, a confirm before Delete...), so without this focus fell to <body>.
 * The element focused when the dialog opened gets it back, if it is still in the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Radix fires this before it moves focus in: the opener is still the active element.
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
