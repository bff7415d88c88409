import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import '../../../test/setup';
import type { Conversation, Message, Rating, TradingPartner, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { loadStrings } from '../../../i18n';
import { connectRealtime } from '../../../lib/realtime';
import { renderApp } from '../../../test/render-app';
import { Composer } from '../components/composer';
import { StarInput } from '../components/star-rating';
import { outbox } from '../model/outbox';
import { messagingStrings } from '../i18n/strings';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
};

const message = (seq: number, over: Partial<Message> = {}): Message => ({
  id: `m-${seq}`,
  conversationId: 'c-1',
  seq,
  senderUserId: 'u-2',
  senderName: 'Resell Co',
  content: `Hello ${seq}`,
  clientMessageId: `partner-${seq}-id`,
  createdAt: new Date(Date.now() - (10 - seq) * 60_000).toISOString(),
  ...over,
});

const conversation = (over: Partial<Conversation> = {}): Conversation => ({
  id: 'c-1',
  storeUserId: 'u-1',
  resellerUserId: 'u-2',
  partner: {
    userId: 'u-2',
    businessName: 'Resell Co',
    avatarUrl: null,
    role: 'reseller',
    rating: { average: 4.5, count: 2 },
  },
  relatedItem: {
    ownerUserId: 'u-1',
    listType: 'wtb',
    itemId: 'i-1',
    name: 'Dunk Low Panda',
    sku: 'DD1391-100',
    imageUrl: null,
  },
  lastMessage: { seq: 2, senderUserId: 'u-2', content: 'Hello 2', createdAt: new Date().toISOString() },
  unreadCount: 2,
  updatedAt: new Date().toISOString(),
  createdAt: new Date().toISOString(),
  ...over,
});

type SendAnswer = 'network' | 'demo' | 'ok';

/** A messaging server: one conversation with two unread messages from the partner. */
function server({ sends = ['ok'] as SendAnswer[], conversations = [conversation()] } = {}) {
  const state = {
    messages: [message(1), message(2)],
    unread: conversations.reduce((sum, c) => sum + c.unreadCount, 0),
    sendBodies: [] as { clientMessageId: string; content: string }[],
    reads: 0,
    messageQueries: [] as string[],
    listFails: false,
  };
  const route = (url: URL, init: RequestInit | undefined) => {
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    if (path === '/api/profile') return Response.json({ profile });
    if (path === '/api/messages/unread') return Response.json({ unreadTotal: state.unread });
    if (path === '/api/conversations' && method === 'GET') {
      if (state.listFails)
        return Response.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 });
      return Response.json({
        conversations: conversations.map((c) => (state.reads > 0 ? { ...c, unreadCount: 0 } : c)),
        cursor: null,
      });
    }
    if (path === '/api/conversations/c-1')
      return Response.json({ conversation: { ...conversations[0], unreadCount: state.reads > 0 ? 0 : 2 } });
    if (path === '/api/conversations/c-1/read' && method === 'POST') {
      state.reads += 1;
      state.unread = 0;
      return Response.json({ unreadTotal: 0 });
    }
    if (path === '/api/conversations/c-1/messages' && method === 'GET') {
      state.messageQueries.push(url.search);
      const after = Number(url.searchParams.get('after') ?? 0);
      return Response.json({ messages: state.messages.filter((m) => m.seq > after), hasMore: false });
    }
    if (path === '/api/conversations/c-1/messages' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { clientMessageId: string; content: string };
      state.sendBodies.push(body);
      const answer = sends.shift() ?? 'ok';
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (answer === 'demo')
        return Response.json(
          { error: { code: 'DEMO_MODE', message: 'Demo mode is read-only.' } },
          { status: 403 },
        );
      const existing = state.messages.find((m) => m.clientMessageId === body.clientMessageId);
      if (existing) return Response.json({ message: existing });
      const sent = message(state.messages.length + 1, {
        senderUserId: 'u-1',
        senderName: 'Kicks Madrid',
        content: body.content,
        clientMessageId: body.clientMessageId,
        createdAt: new Date().toISOString(),
      });
      state.messages.push(sent);
      return Response.json({ message: sent }, { status: 201 });
    }
    return undefined;
  };
  return { state, route };
}

class FakeSocket {
  static last: FakeSocket | undefined;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  push(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

/** The app's realtime client on a fake socket: what the server pushes reaches the screens. */
function realtime() {
  const client = connectRealtime({
    url: 'ws://test',
    queryClient: { invalidateQueries: () => Promise.resolve() },
    createSocket: () => new FakeSocket(),
  });
  const socket = FakeSocket.last as FakeSocket;
  socket.readyState = 1;
  return { socket, close: () => client.close() };
}

const thread = () => screen.findByRole('log', { name: 'Messages with Resell Co' });
const shown = async () =>
  within(await thread())
    .queryAllByTestId('message-content')
    .map((m) => m.textContent);

describe('messages section', { timeout: 20_000 }, () => {
  afterEach(() => outbox.clear());

  it('lists conversations with partner, rating, item, preview and unread count; opening one reads it', async () => {
    const { state, route } = server();
    renderApp('/dashboard/messages', route, signedIn);
    const badge = await screen.findByTestId('badge-messages');
    expect(badge.textContent).toContain('2');
    const row = await screen.findByTestId('conversation-row');
    expect(row.textContent).toContain('Resell Co');
    expect(row.textContent).toContain('About Dunk Low Panda');
    expect(row.textContent).toContain('Hello 2');
    expect(within(row).getByRole('img', { name: 'Rated 4.5 out of 5 from 2 ratings' })).toBeTruthy();
    expect(within(row).getByTestId('conversation-unread').textContent).toContain('2 unread messages');
    expect(row.getAttribute('aria-current')).toBeNull();

    fireEvent.click(row);
    expect(await shown()).toEqual(['Hello 1', 'Hello 2']);
    await waitFor(() => expect(state.reads).toBe(1));
    await waitFor(() => expect(screen.queryByTestId('badge-messages')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('conversation-unread')).toBeNull());
    expect((await screen.findByTestId('conversation-row')).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Resell Co' })).toBeTruthy();
  });

  it("says 'No conversations yet' with a hint how to start one", async () => {
    const empty = server({ conversations: [] });
    renderApp('/dashboard/messages', empty.route, signedIn);
    expect((await screen.findByTestId('conversations-empty')).textContent).toContain('No conversations yet');
  });

  it("shows 'Failed to load conversations' when the list fails, and loads it on retry", async () => {
    const { state, route } = server();
    state.listFails = true;
    renderApp('/dashboard/messages', route, signedIn);
    const error = await screen.findByTestId('conversations-error');
    expect(error.textContent).toContain('Failed to load conversations');
    state.listFails = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('conversation-row')).toBeTruthy();
  });

  it('refreshes the list when the tab becomes visible and the last fetch is older than 5 minutes', async () => {
    const { route } = server();
    const { queryClient, fetchMock } = renderApp('/dashboard/messages', route, signedIn);
    await screen.findByTestId('conversation-row');
    const listFetches = () =>
      fetchMock.mock.calls.filter(([input, init]) => {
        const url = new URL(String(input));
        return url.pathname === '/api/conversations' && (init?.method ?? 'GET') === 'GET';
      }).length;
    const before = listFetches();
    const list = queryClient.getQueryCache().find({ queryKey: ['conversations', 'list'] });
    const becomeVisible = () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    };
    list?.setState({ dataUpdatedAt: Date.now() - 4 * 60_000 });
    becomeVisible();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listFetches()).toBe(before);
    list?.setState({ dataUpdatedAt: Date.now() - 6 * 60_000 });
    becomeVisible();
    await waitFor(() => expect(listFetches()).toBe(before + 1));
    focusManager.setFocused(undefined);
  });

  it('sends optimistically, retries a lost connection with the same client message id, and shows the message once', async () => {
    const { state, route } = server({ sends: ['network', 'ok'] });
    const socket = realtime();
    renderApp('/dashboard/messages?conversation=c-1', route, signedIn);
    await thread();
    const input = await screen.findByLabelText('Message to Resell Co');
    fireEvent.change(input, { target: { value: '  Is the 42 still there?  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLTextAreaElement).value).toBe('');
    // At once, before the server answers.
    const pending = await within(await thread()).findByText('Is the 42 still there?');
    expect(pending.closest('li')?.getAttribute('data-status')).toBe('sending');

    await waitFor(() => expect(state.sendBodies).toHaveLength(2), { timeout: 20_000 });
    const [first, second] = state.sendBodies;
    expect(second?.clientMessageId).toBe(first?.clientMessageId);
    expect(first?.clientMessageId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(first?.content).toBe('Is the 42 still there?');
    await waitFor(async () => expect((await thread()).querySelector('[data-status="sending"]')).toBeNull());

    // The push of my own message (another tab's socket hears it too) does not double it.
    const sent = state.messages.at(-1) as Message;
    socket.socket.push({ type: 'message', message: sent });
    expect(await shown()).toEqual(['Hello 1', 'Hello 2', 'Is the 42 still there?']);
    const bubble = within(await thread())
      .getByText('Is the 42 still there?')
      .closest('li');
    expect(bubble?.getAttribute('data-own')).toBe('true');
    expect(bubble?.getAttribute('data-seq')).toBe('3');
    socket.close();
  });

  it('a send that keeps failing shows Retry, which sends the same message again', async () => {
    const { state, route } = server({ sends: ['network', 'network', 'network', 'network', 'ok'] });
    renderApp('/dashboard/messages?conversation=c-1', route, signedIn);
    const input = await screen.findByLabelText('Message to Resell Co');
    fireEvent.change(input, { target: { value: 'Deal?' } });
    fireEvent.click(screen.getByTestId('composer-send'));
    const retry = await screen.findByTestId('message-retry', {}, { timeout: 20_000 });
    expect(state.sendBodies).toHaveLength(4);
    fireEvent.click(retry);
    await waitFor(async () => expect(await shown()).toEqual(['Hello 1', 'Hello 2', 'Deal?']));
    expect(new Set(state.sendBodies.map((b) => b.clientMessageId)).size).toBe(1);
  });

  it('appends pushed messages in seq order, and catches up over HTTP after a gap', async () => {
    const { state, route } = server();
    const { socket, close } = realtime();
    renderApp('/dashboard/messages?conversation=c-1', route, signedIn);
    expect(await shown()).toEqual(['Hello 1', 'Hello 2']);
    socket.push({ type: 'message', message: message(3) });
    await waitFor(async () => expect(await shown()).toEqual(['Hello 1', 'Hello 2', 'Hello 3']));
    const queries = state.messageQueries.length;
    // 4 was missed: 5 arrives, the thread asks for everything after 3.
    state.messages.push(message(3), message(4), message(5));
    socket.push({ type: 'message', message: message(5) });
    await waitFor(async () =>
      expect(await shown()).toEqual(['Hello 1', 'Hello 2', 'Hello 3', 'Hello 4', 'Hello 5']),
    );
    expect(state.messageQueries.slice(queries)).toContain('?after=3&limit=100');
    close();
  });

  it('keeps the draft when the demo refuses the send', async () => {
    const { route } = server({ sends: ['demo'] });
    renderApp('/dashboard/messages?conversation=c-1', route, signedIn);
    const input = await screen.findByLabelText('Message to Resell Co');
    fireEvent.change(input, { target: { value: 'Hello from the demo' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe('Hello from the demo'));
    expect(await shown()).toEqual(['Hello 1', 'Hello 2']);
  });
});

describe('composer and star input', () => {
  function ComposerHarness({ sent }: { sent: string[] }) {
    const [draft, setDraft] = useState('');
    return (
      <Composer partnerName="Resell Co" draft={draft} onDraftChange={setDraft} onSend={(c) => sent.push(c)} />
    );
  }

  it('sends on Enter, keeps typing on Shift+Enter, and cannot send an empty message', async () => {
    await loadStrings(messagingStrings);
    const sent: string[] = [];
    render(<ComposerHarness sent={sent} />);
    const input = screen.getByLabelText('Message to Resell Co');
    const button = screen.getByTestId('composer-send') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(sent).toEqual([]);

    fireEvent.change(input, { target: { value: 'line one' } });
    expect(button.disabled).toBe(false);
    const shiftEnter = fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    // Not prevented: the browser types the new line.
    expect(shiftEnter).toBe(true);
    expect(sent).toEqual([]);
    fireEvent.change(input, { target: { value: 'line one\nline two' } });
    const enter = fireEvent.keyDown(input, { key: 'Enter' });
    expect(enter).toBe(false);
    expect(sent).toEqual(['line one\nline two']);
    expect((input as HTMLTextAreaElement).value).toBe('');
  });

  it('counts down near the limit and refuses a message over it', async () => {
    await loadStrings(messagingStrings);
    const sent: string[] = [];
    render(<ComposerHarness sent={sent} />);
    const input = screen.getByLabelText('Message to Resell Co');
    fireEvent.change(input, { target: { value: 'x'.repeat(3900) } });
    expect(screen.getByTestId('composer-counter').textContent).toBe('100 characters left');
    fireEvent.change(input, { target: { value: 'x'.repeat(4005) } });
    expect(screen.getByTestId('composer-counter').textContent).toBe('The message is 5 characters too long.');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(sent).toEqual([]);
  });

  function StarsHarness() {
    const [value, setValue] = useState(0);
    return (
      <>
        <span id="stars-label">Stars</span>
        <StarInput value={value} onChange={setValue} labelledBy="stars-label" />
      </>
    );
  }

  it('is a radio group the keyboard drives: one tab stop, arrows, Home, End and Space', async () => {
    await loadStrings(messagingStrings);
    render(<StarsHarness />);
    const group = screen.getByRole('radiogroup', { name: 'Stars' });
    const stars = within(group).getAllByRole('radio');
    expect(stars.map((s) => s.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    fireEvent.keyDown(stars[0] as HTMLElement, { key: ' ' });
    expect(screen.getByRole('radio', { name: '1 star' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(stars[0] as HTMLElement, { key: 'ArrowRight' });
    const two = screen.getByRole('radio', { name: '2 stars' });
    expect(two.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(two);
    fireEvent.keyDown(two, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '5 stars' }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    expect(screen.getByRole('radio', { name: '5 stars' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Home' });
    expect(screen.getByRole('radio', { name: '1 star' }).getAttribute('aria-checked')).toBe('true');
    expect(
      within(group)
        .getAllByRole('radio')
        .map((s) => s.tabIndex),
    ).toEqual([0, -1, -1, -1, -1]);
  });
});

describe('ratings section', { timeout: 20_000 }, () => {
  const partner: TradingPartner = {
    partner: {
      userId: 'u-2',
      businessName: 'Resell Co',
      avatarUrl: null,
      role: 'reseller',
      rating: { average: null, count: 0 },
    },
    offerId: 'o-1',
    itemName: 'Dunk Low Panda',
    tradedAt: '2026-02-01T10:00:00.000Z',
    myRating: null,
  };
  const received: Rating = {
    raterUserId: 'u-3',
    raterName: 'Sole Shop',
    rateeUserId: 'u-1',
    rateeName: 'Kicks Madrid',
    stars: 4,
    comment: 'Fast and friendly',
    offerId: 'o-2',
    createdAt: '2026-02-02T10:00:00.000Z',
  };

  function ratingsServer(answer: 'ok' | 'ALREADY_RATED' | 'NO_COMPLETED_TRADE') {
    const posts: unknown[] = [];
    const route = (url: URL, init: RequestInit | undefined) => {
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/profile') return Response.json({ profile });
      if (url.pathname === '/api/user-ratings/u-1')
        return Response.json({ summary: { average: 4, count: 1 } });
      if (url.pathname === '/api/ratings/partners')
        return Response.json({ partners: [partner], cursor: null });
      if (url.pathname === '/api/ratings' && method === 'GET') {
        const direction = url.searchParams.get('direction');
        return Response.json({ ratings: direction === 'received' ? [received] : [], cursor: null });
      }
      if (url.pathname === '/api/conversations' && method === 'POST') {
        posts.push(JSON.parse(String(init?.body)));
        return Response.json({ conversation: conversation({ id: 'c-9' }), created: true }, { status: 201 });
      }
      if (url.pathname === '/api/ratings' && method === 'POST') {
        posts.push(JSON.parse(String(init?.body)));
        if (answer !== 'ok')
          return Response.json(
            { error: { code: answer, message: answer } },
            { status: answer === 'ALREADY_RATED' ? 409 : 403 },
          );
        return Response.json({ rating: { ...received, rateeUserId: 'u-2', stars: 5 } }, { status: 201 });
      }
      return undefined;
    };
    return { posts, route };
  }

  it('shows my rating, rates a trading partner with stars and a comment, and lists received ratings', async () => {
    const { posts, route } = ratingsServer('ok');
    renderApp('/dashboard/ratings', route, signedIn);
    const summary = await screen.findByTestId('ratings-summary');
    await waitFor(() => expect(summary.textContent).toContain('4 out of 5'));
    expect(summary.textContent).toContain('from 1 rating');
    fireEvent.click(await screen.findByTestId('rate-button'));
    const dialog = await screen.findByTestId('rating-dialog');
    fireEvent.click(within(dialog).getByTestId('rating-submit'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose 1 to 5 stars.');
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    fireEvent.change(within(dialog).getByLabelText('Comment (optional)'), {
      target: { value: ' Great deal ' },
    });
    fireEvent.click(within(dialog).getByTestId('rating-submit'));
    await waitFor(() => expect(screen.queryByTestId('rating-dialog')).toBeNull());
    expect(posts).toEqual([{ rateeUserId: 'u-2', stars: 5, comment: 'Great deal' }]);

    const row = await screen.findByTestId('rating-row');
    expect(row.textContent).toContain('From Sole Shop');
    expect(row.textContent).toContain('Fast and friendly');
    expect(within(row).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('ratings-tab-given'));
    expect((await screen.findByTestId('ratings-given-empty')).textContent).toContain(
      'You have not rated anyone yet.',
    );
  });

  it("opens the conversation with a trading partner from the partner's row", async () => {
    const { posts, route } = ratingsServer('ok');
    const { router } = renderApp('/dashboard/ratings', route, signedIn);
    fireEvent.click(await screen.findByRole('button', { name: 'Message Resell Co' }));
    await waitFor(() => expect(router.state.location.search).toBe('?conversation=c-9'));
    expect(router.state.location.pathname).toBe('/dashboard/messages');
    expect(posts).toEqual([{ partnerUserId: 'u-2' }]);
  });

  it.each([
    ['ALREADY_RATED', 'You have already rated this partner.'],
    ['NO_COMPLETED_TRADE', 'You can rate a partner only after a completed trade (an accepted offer).'],
  ] as const)('explains a %s refusal in the dialog', async (code, text) => {
    const { route } = ratingsServer(code);
    renderApp('/dashboard/ratings', route, signedIn);
    fireEvent.click(await screen.findByTestId('rate-button'));
    const dialog = await screen.findByTestId('rating-dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: '3 stars' }));
    fireEvent.click(within(dialog).getByTestId('rating-submit'));
    expect((await within(dialog).findByTestId('rating-problem')).textContent).toBe(text);
  });
});
