import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { PanelLeft } from 'lucide-react';
import { getCookie, setCookie } from '../../lib/cookies';
import { useIsMobile } from '../../lib/use-media-query';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { Sheet } from './sheet';

export const SIDEBAR_COOKIE_NAME = 'sidebar:state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '14.4rem';
export const SIDEBAR_WIDTH_MOBILE = '16.2rem';
export const SIDEBAR_WIDTH_ICON = '2.7rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
const SIDEBAR_ID = 'app-sidebar';

export type SidebarVisualState = 'expanded' | 'collapsed';

interface SidebarContextValue {
  state: SidebarVisualState;
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
  /** True when the desktop sidebar is collapsed to its icon rail. */
  isRail: boolean;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('SidebarProvider is missing');
  return value;
}

/** The persisted desktop state; expanded unless the cookie says false. */
export function readSidebarCookie(): boolean {
  return getCookie(SIDEBAR_COOKIE_NAME) !== 'false';
}

export function SidebarProvider({ children, className }: { children: ReactNode; className?: string }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(readSidebarCookie);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    setCookie(SIDEBAR_COOKIE_NAME, String(next), { maxAge: SIDEBAR_COOKIE_MAX_AGE, path: '/' });
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((current) => !current);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
        (event.metaKey || event.ctrlKey) &&
        !event.altKey
      ) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const state: SidebarVisualState = open ? 'expanded' : 'collapsed';
  const value = useMemo<SidebarContextValue>(
    () => ({
      state,
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
      isRail: !isMobile && !open,
    }),
    [state, open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div className={cn('flex min-h-svh w-full', className)}>{children}</div>
    </SidebarContext.Provider>
  );
}

export interface SidebarProps {
  children: ReactNode;
  /** Accessible name of the sidebar landmark and of the mobile sheet. */
  label: string;
  /** Description of the mobile sheet for screen readers. */
  description: string;
  className?: string;
}

/** Desktop: a sticky column that collapses to an icon rail. Mobile: a sheet from the left. */
export function Sidebar({ children, label, description, className }: SidebarProps) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <Sheet
        id={SIDEBAR_ID}
        open={openMobile}
        onOpenChange={setOpenMobile}
        title={label}
        description={description}
      >
        <div
          data-testid="sidebar"
          data-state="expanded"
          data-mobile="true"
          className={cn('flex h-full flex-col', className)}
          style={{ width: SIDEBAR_WIDTH_MOBILE }}
        >
          {children}
        </div>
      </Sheet>
    );
  }

  const style: CSSProperties = { width: state === 'expanded' ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON };
  return (
    <aside
      id={SIDEBAR_ID}
      aria-label={label}
      data-testid="sidebar"
      data-state={state}
      style={style}
      className={cn(
        'sticky top-0 flex h-svh shrink-0 flex-col border-r border-neutral-200 bg-neutral-50 transition-[width] duration-200 ease-linear motion-reduce:transition-none',
        'dark:border-neutral-800 dark:bg-neutral-900',
        className,
      )}
    >
      {children}
    </aside>
  );
}

export function SidebarTrigger({ label, className }: { label: string; className?: string }) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      data-testid="sidebar-trigger"
      aria-label={label}
      aria-controls={SIDEBAR_ID}
      aria-expanded={isMobile ? openMobile : open}
      onClick={toggleSidebar}
      className={className}
    >
      <PanelLeft aria-hidden="true" className="h-5 w-5" />
    </Button>
  );
}
