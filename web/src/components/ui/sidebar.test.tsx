import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '../../test/setup';
import { SIDEBAR_COOKIE_NAME, Sidebar, SidebarProvider, SidebarTrigger } from './sidebar';

function renderSidebar() {
  return render(
    <SidebarProvider>
      <Sidebar label="Sidebar" description="Navigation">
        <a href="/dashboard">Dashboard</a>
      </Sidebar>
      <SidebarTrigger label="Toggle sidebar" />
    </SidebarProvider>,
  );
}

const sidebarState = () => screen.getByTestId('sidebar').getAttribute('data-state');
const cookieValue = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${SIDEBAR_COOKIE_NAME}=`))
    ?.split('=')[1];

describe('sidebar', () => {
  it('starts expanded when no cookie is set', () => {
    renderSidebar();
    expect(sidebarState()).toBe('expanded');
    expect(screen.getByTestId('sidebar-trigger').getAttribute('aria-expanded')).toBe('true');
  });

  it('toggles with Ctrl+B and Cmd+B and persists the state in the sidebar:state cookie', () => {
    renderSidebar();
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebarState()).toBe('collapsed');
    expect(cookieValue()).toBe('false');

    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(sidebarState()).toBe('expanded');
    expect(cookieValue()).toBe('true');

    fireEvent.keyDown(window, { key: 'b' });
    expect(sidebarState()).toBe('expanded');
  });

  it('toggles with the trigger button', () => {
    renderSidebar();
    fireEvent.click(screen.getByTestId('sidebar-trigger'));
    expect(sidebarState()).toBe('collapsed');
    expect(screen.getByTestId('sidebar-trigger').getAttribute('aria-expanded')).toBe('false');
    expect(cookieValue()).toBe('false');
  });

  it('restores the collapsed state from the cookie on the next visit', () => {
    const first = renderSidebar();
    fireEvent.click(screen.getByTestId('sidebar-trigger'));
    first.unmount();

    renderSidebar();
    expect(sidebarState()).toBe('collapsed');
  });

  it('writes the cookie for 7 days on the whole site', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => descriptor?.get?.call(document) as string,
      set: (value: string) => {
        writes.push(value);
        descriptor?.set?.call(document, value);
      },
    });
    try {
      renderSidebar();
      fireEvent.click(screen.getByTestId('sidebar-trigger'));
      expect(writes.at(-1)).toMatch(/^sidebar:state=false; path=\/; max-age=604800/);
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
  });
});
