import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** The id of `tab`'s button under `idBase` (a `useId()` value shared with its panel). */
export const tabId = (idBase: string, tab: string) => `${idBase}-tab-${tab}`;
/** The id of `tab`'s panel under `idBase`. */
export const tabPanelId = (idBase: string, tab: string) => `${idBase}-panel-${tab}`;

/**
 * WAI-ARIA tabs keys: arrows move between tabs and select them, Home/End jump to the ends;
 * the focus follows the selection. `ref(tab)` registers each tab's button.
 */
export function useTabKeys<T extends string>(tabs: readonly T[], selected: T, onSelect: (tab: T) => void) {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.indexOf(selected);
    const next =
      event.key === 'ArrowRight'
        ? tabs[(at + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(at - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };

  const ref = (tab: T) => (el: HTMLButtonElement | null) => {
    refs.current[tab] = el;
  };

  return { onKeyDown, ref };
}

export interface TabListProps<T extends string> {
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** The tab list's accessible name. */
  label: string;
  /** A `useId()` value; the panel takes its ids from the same one (see `TabPanel`). */
  idBase: string;
  /** Each tab is `${testIdPrefix}-tab-${tab}`. */
  testIdPrefix: string;
  /** A tab's visible text. */
  renderTab: (tab: T) => ReactNode;
}

/** An accessible tab list with a roving tabIndex and an orange underline on the selected tab. */
export function TabList<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idBase,
  testIdPrefix,
  renderTab,
}: TabListProps<T>) {
  const { onKeyDown, ref } = useTabKeys(tabs, selected, onSelect);
  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="-mx-1 flex gap-1 overflow-x-auto border-b border-neutral-200 px-1 dark:border-neutral-800"
    >
      {tabs.map((name) => (
        <button
          key={name}
          ref={ref(name)}
          type="button"
          role="tab"
          id={tabId(idBase, name)}
          data-testid={`${testIdPrefix}-tab-${name}`}
          aria-selected={selected === name}
          aria-controls={tabPanelId(idBase, name)}
          tabIndex={selected === name ? 0 : -1}
          onClick={() => onSelect(name)}
          className={cn(
            '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-orange-500',
            selected === name
              ? 'border-orange-600 text-orange-700 dark:border-orange-500 dark:text-orange-400'
              : 'border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-neutral-100',
          )}
        >
          {renderTab(name)}
        </button>
      ))}
    </div>
  );
}

/** The panel of the selected tab of a `TabList` with the same `idBase`; `${testIdPrefix}-panel-${tab}`. */
export function TabPanel({
  tab,
  idBase,
  testIdPrefix,
  className,
  children,
}: {
  tab: string;
  idBase: string;
  testIdPrefix: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={tabPanelId(idBase, tab)}
      aria-labelledby={tabId(idBase, tab)}
      data-testid={`${testIdPrefix}-panel-${tab}`}
      className={className}
    >
      {children}
    </div>
  );
}
