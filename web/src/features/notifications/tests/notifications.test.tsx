import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Notification, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { changeLanguage, i18n } from '../../../i18n';
import { renderApp } from '../../../test/render-app';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
};

const TEXTS = {
  en: { title: 'New offer on your WTB list', body: 'Ana made an offer on your WTB list.' },
  es: { title: 'Nueva oferta en tu lista WTB', body: 'Ana ha hecho una oferta en tu lista WTB.' },
};

/** A server with one unread notification (plus `extraUnread` more in the count), in the language asked for. */
function inbox(extraUnread = 0) {
  const state = { read: false, lists: [] as string[] };
  const notification = (language: 'en' | 'es'): Notification => ({
    id: 'n-1',
    type: 'offer_received',
    ...TEXTS[language],
    link: '/dashboard/offers',
    read: state.read,
    createdAt: '2026-02-01T10:00:00Z',
  });
  const route = (url: URL, init: RequestInit | undefined) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/profile') return Response.json({ profile });
    if (url.pathname === '/api/notifications' && method === 'GET') {
      const language = url.searchParams.get('language') === 'es' ? 'es' : 'en';
      state.lists.push(url.search);
      return Response.json({
        notifications: [notification(language)],
        unread: (state.read ? 0 : 1) + extraUnread,
        cursor: null,
      });
    }
    if (url.pathname === '/api/notifications/n-1/read' && method === 'POST') {
      state.read = true;
      return Response.json({ notification: notification('en') });
    }
    return undefined;
  };
  return { state, route };
}

const navNotifications = () => screen.findByTestId('nav-notifications');
/** The sidebar's links (the breadcrumb names the section too). */
const sidebar = (name = 'Dashboard navigation') => within(screen.getByRole('navigation', { name }));

describe('notifications: sidebar badge and language', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the unread count on Notifications, named for screen readers, and hides it once read', async () => {
    const { route } = inbox();
    renderApp('/dashboard/notifications', route, signedIn);
    const badge = await within(await navNotifications()).findByTestId('badge-notifications');
    expect(badge.textContent).toContain('1');
    expect(sidebar().getByRole('link', { name: 'Notifications, 1 unread' })).toBe(await navNotifications());

    fireEvent.click(await screen.findByTestId('notification-mark-read'));
    await waitFor(() => expect(screen.queryByTestId('badge-notifications')).toBeNull());
    expect(sidebar().getByRole('link', { name: 'Notifications' })).toBe(await navNotifications());
  });

  it('shows 99+ past 99 unread, and the exact count to screen readers', async () => {
    const { route } = inbox(149);
    renderApp('/dashboard/offers', route, signedIn);
    const badge = await within(await navNotifications()).findByTestId('badge-notifications');
    expect(within(badge).getByText('99+')).toBeTruthy();
    expect(sidebar().getByRole('link', { name: 'Notifications, 150 unread' })).toBeTruthy();
  });

  it('asks for the texts in the UI language, and reads them again when it changes', async () => {
    const { route, state } = inbox();
    renderApp('/dashboard/notifications', route, signedIn);
    expect((await screen.findByTestId('notification-title')).textContent).toBe(TEXTS.en.title);
    expect(state.lists).toContain('?limit=50&language=en');

    await changeLanguage('es');
    await waitFor(() => expect(screen.getByTestId('notification-title').textContent).toBe(TEXTS.es.title));
    expect(screen.getByTestId('notification-body').textContent).toBe(TEXTS.es.body);
    expect(state.lists).toContain('?limit=50&language=es');
    await waitFor(() =>
      expect(
        sidebar('Navegación del panel').getByRole('link', { name: 'Notificaciones, 1 sin leer' }),
      ).toBeTruthy(),
    );
  });
});
