import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown, EyeOff, LogOut } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Sidebar, useSidebar } from '../../../components/ui/sidebar';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/utils';
import { visibleNavGroups, SECTION_ICONS, type NavGroupId, type NavViewer } from '../model/navigation';
import { sectionHref, type SectionId } from '../../../lib/sections';
import { useUnreadMessages } from '../../../features/messaging';
import { useUnreadNotifications } from '../../../features/notifications';
import { useDealsBadge } from '../../../features/deals';
import { screenForSection } from '../section-screens';

export interface SidebarProfile {
  businessName: string;
  role: 'store' | 'reseller';
  isSuperuser: boolean;
  avatarUrl: string | null;
}

export interface AppSidebarProps {
  profile: SidebarProfile;
  isDemo: boolean;
  activeSection: SectionId;
  /** Unread messages; 0 hides the badge. Read from the messaging feature when absent. */
  unreadMessages?: number;
  /** During impersonation: sections the impersonated user lacks (dimmed, not clickable). */
  dimmedSections?: ReadonlySet<SectionId>;
  hasFeature?: NavViewer['hasFeature'];
  /** Who the items are chosen for; the profile with `hasFeature` when absent (a superuser's while impersonating). */
  viewer?: NavViewer;
  /** Sign out, or exit demo mode in demo mode. */
  onSignOut: () => void;
}

/** Sections that show an unread count (0 hides it), and how a screen reader hears it after the name. */
const BADGE_LABELS: Partial<
  Record<SectionId, 'sidebar.unread' | 'sidebar.unreadNotifications' | 'sidebar.newDeals'>
> = {
  messages: 'sidebar.unread',
  notifications: 'sidebar.unreadNotifications',
  deals: 'sidebar.newDeals',
};

const itemClass =
  'flex h-9 w-full items-center gap-3 rounded-md px-2 text-sm text-neutral-700 transition-colors hover:bg-neutral-200/70 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-orange-500 dark:text-neutral-200 dark:hover:bg-neutral-800';
const activeClass =
  'bg-orange-100 font-medium text-orange-900 hover:bg-orange-100 dark:bg-orange-950 dark:text-orange-100 dark:hover:bg-orange-950';

export function AppSidebar({
  profile,
  isDemo,
  activeSection,
  unreadMessages,
  dimmedSections,
  hasFeature,
  viewer,
  onSignOut,
}: AppSidebarProps) {
  const { t } = useTranslation();
  const { isRail } = useSidebar();
  const groups = visibleNavGroups(
    viewer ?? { role: profile.role, isSuperuser: profile.isSuperuser, hasFeature },
  );
  const [openGroups, setOpenGroups] = useState<Partial<Record<NavGroupId, boolean>>>({});
  // Kept fresh by the realtime push on every notification added or read.
  const unreadNotifications = useUnreadNotifications() ?? 0;
  // Kept fresh by the realtime pushes of every message sent or conversation read.
  const unreadMessageCount = useUnreadMessages(unreadMessages === undefined);
  // Kept fresh by the realtime push of every new match and of the board being opened.
  const newDeals = useDealsBadge() ?? 0;
  const badges: Partial<Record<SectionId, number>> = {
    messages: unreadMessages ?? unreadMessageCount ?? 0,
    notifications: unreadNotifications,
    deals: newDeals,
  };

  return (
    <Sidebar label={t('sidebar.label')} description={t('sidebar.description')}>
      <SidebarHeader profile={profile} isDemo={isDemo} />

      <nav aria-label={t('sidebar.navLabel')} className="flex-1 overflow-x-hidden overflow-y-auto px-2 py-2">
        {groups.map((group) => {
          const list = (
            <ul className="flex flex-col gap-0.5">
              {group.items.map((entry) => (
                <li key={entry.id}>
                  <SidebarItem
                    section={entry.id}
                    active={entry.id === activeSection}
                    dimmed={dimmedSections?.has(entry.id) ?? false}
                    badge={badges[entry.id] ?? 0}
                  />
                </li>
              ))}
            </ul>
          );
          if (isRail) {
            return (
              <div
                key={group.id}
                role="group"
                aria-label={t(`sidebar.groups.${group.id}`)}
                className="border-b border-neutral-200 py-1 last:border-b-0 dark:border-neutral-800"
              >
                {list}
              </div>
            );
          }
          const open = openGroups[group.id] ?? true;
          return (
            <Collapsible.Root
              key={group.id}
              open={open}
              onOpenChange={(next) => setOpenGroups((current) => ({ ...current, [group.id]: next }))}
              className="py-1"
            >
              <Collapsible.Trigger
                data-testid={`sidebar-group-${group.id}`}
                className="flex w-full items-center justify-between rounded-md px-2 py-1.5 text-xs font-semibold tracking-wide text-neutral-500 uppercase hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-orange-500 dark:text-neutral-400 dark:hover:text-neutral-100"
              >
                {t(`sidebar.groups.${group.id}`)}
                <ChevronDown
                  aria-hidden="true"
                  className={cn('h-4 w-4 transition-transform', open ? 'rotate-0' : '-rotate-90')}
                />
              </Collapsible.Trigger>
              <Collapsible.Content>{list}</Collapsible.Content>
            </Collapsible.Root>
          );
        })}
      </nav>

      <div className="flex flex-col gap-0.5 border-t border-neutral-200 px-2 py-2 dark:border-neutral-800">
        <SidebarItem section="settings" active={activeSection === 'settings'} dimmed={false} badge={0} />
        <Tooltip content={t(isDemo ? 'sidebar.exitDemo' : 'sidebar.signOut')} enabled={isRail}>
          <button
            type="button"
            data-testid={isDemo ? 'exit-demo' : 'sign-out'}
            onClick={onSignOut}
            className={cn(itemClass, isRail && 'justify-center px-0')}
          >
            <LogOut aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className={cn('truncate', isRail && 'sr-only')}>
              {t(isDemo ? 'sidebar.exitDemo' : 'sidebar.signOut')}
            </span>
          </button>
        </Tooltip>
      </div>
    </Sidebar>
  );
}

function SidebarHeader({ profile, isDemo }: { profile: SidebarProfile; isDemo: boolean }) {
  const { t } = useTranslation();
  const { isRail } = useSidebar();
  const initial = profile.businessName.trim().charAt(0).toUpperCase() || '?';
  return (
    <div className="border-b border-neutral-200 dark:border-neutral-800">
      <Link
        to="/profile"
        data-testid="profile-link"
        className={cn(
          'flex items-center gap-3 py-3 hover:bg-neutral-200/70 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-orange-500 dark:hover:bg-neutral-800',
          isRail ? 'justify-center px-1' : 'px-3',
        )}
      >
        {profile.avatarUrl ? (
          <img
            src={profile.avatarUrl}
            alt=""
            data-testid="sidebar-avatar"
            className="h-8 w-8 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            data-testid="sidebar-avatar"
            className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-orange-600 text-sm font-semibold text-white"
          >
            {initial}
          </span>
        )}
        {/* A prefix, not an aria-label: the link's name keeps the name and badges it shows. */}
        <span className="sr-only">{t('sidebar.profileLink')}</span>
        <span className={cn('flex min-w-0 flex-col gap-1', isRail && 'sr-only')}>
          <span data-testid="sidebar-business-name" className="truncate text-sm font-semibold">
            {profile.businessName}
          </span>
          <span className="flex flex-wrap gap-1">
            <Badge tone={profile.role === 'store' ? 'blue' : 'purple'} data-testid="role-badge">
              {t(`roles.${profile.role}`)}
            </Badge>
            {isDemo ? (
              <Badge tone="orange" data-testid="demo-badge">
                {t('sidebar.demo')}
              </Badge>
            ) : null}
          </span>
        </span>
      </Link>
    </div>
  );
}

interface SidebarItemProps {
  section: SectionId;
  active: boolean;
  dimmed: boolean;
  badge: number;
}

function SidebarItem({ section, active, dimmed, badge }: SidebarItemProps) {
  const { t } = useTranslation();
  const { isRail, isMobile, setOpenMobile } = useSidebar();
  const Icon = SECTION_ICONS[section];
  const label = t(`sections.${section}`);
  const preload = () => void screenForSection(section).preload();
  const content = (
    <>
      <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className={cn('flex-1 truncate text-left', isRail && 'sr-only')}>{label}</span>
      {badge > 0 ? (
        <Badge
          tone="red"
          data-testid={`badge-${section}`}
          className={cn(isRail && 'absolute top-0.5 right-0.5 h-2 w-2 p-0 text-[0px]')}
        >
          <span aria-hidden="true">{badge > 99 ? '99+' : badge}</span>
          <span className="sr-only">{t(BADGE_LABELS[section] ?? 'sidebar.unread', { count: badge })}</span>
        </Badge>
      ) : null}
      {dimmed ? (
        <span
          data-testid={`hidden-for-user-${section}`}
          className={cn(
            'shrink-0 text-[10px] leading-none text-neutral-500 dark:text-neutral-400',
            isRail && 'sr-only',
          )}
        >
          <EyeOff aria-hidden="true" className="h-3.5 w-3.5" />
          <span className="sr-only">{t('sidebar.hiddenForUser')}</span>
        </span>
      ) : null}
    </>
  );

  if (dimmed) {
    return (
      <Tooltip content={t('sidebar.hiddenForUser')}>
        <span
          role="link"
          aria-disabled="true"
          tabIndex={0}
          data-testid={`nav-${section}`}
          data-hidden-for-user="true"
          className={cn(
            itemClass,
            'relative cursor-not-allowed opacity-40 hover:bg-transparent',
            isRail && 'justify-center px-0',
          )}
        >
          {content}
        </span>
      </Tooltip>
    );
  }

  return (
    <Tooltip content={label} enabled={isRail}>
      <Link
        to={sectionHref(section)}
        data-testid={`nav-${section}`}
        aria-current={active ? 'page' : undefined}
        onMouseEnter={preload}
        onFocus={preload}
        onClick={() => {
          if (isMobile) setOpenMobile(false);
        }}
        className={cn(itemClass, 'relative', isRail && 'justify-center px-0', active && activeClass)}
      >
        {content}
      </Link>
    </Tooltip>
  );
}
