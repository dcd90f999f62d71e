import { errorCodes } from '@contract/error-codes';
import { demoUsers } from '@mocks/data';
import { createChatFake, demoChatIds } from '@mocks/handlers/chat';
import { createNotificationsFake } from '@mocks/handlers/notifications';
import { completedWorkoutHandlers, demoLogId } from '@mocks/handlers/training';
import { apiError } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  configureDeviceMessageStorage,
  createMemoryDeviceMessageStorage,
  forgetDeviceMessagesInMemory,
} from '@/lib/chat-sync/device-messages';
import { stopTrackingSync } from '@/lib/tracking-sync/start-tracking-sync';
import { emulateDevice, restoreDevice } from '@/testing/emulate-device';
import { reloadPage } from '@/testing/reload-page';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

let fake: ReturnType<typeof createChatFake>;
let device: ReturnType<typeof createMemoryDeviceMessageStorage>;

beforeEach(() => {
  device = createMemoryDeviceMessageStorage();
  configureDeviceMessageStorage(device);
  fake = createChatFake();
  server.use(...fake.handlers);
});

afterEach(() => {
  stopTrackingSync();
  forgetDeviceMessagesInMemory();
  configureDeviceMessageStorage(null);
  restoreDevice();
});

const conversationList = () => screen.findByRole('list', { name: 'Conversations' });
const messagesOf = () => screen.findByRole('list', { name: 'Messages' });
const sendPath = '*/api/chatGroupsMessage/:id';

/** The phone's network for sending messages: while cut, each POST fails as a lost connection does. */
function networkForSends() {
  const state = { isCut: false, attempts: 0 };
  server.use(
    http.post(sendPath, () => {
      state.attempts += 1;
      // Falling through (undefined) reaches the chat fake: the server.
      return state.isCut ? HttpResponse.error() : undefined;
    }),
  );
  return state;
}

async function typeAndSend(user: ReturnType<typeof renderApp>['user'], text: string) {
  const box = await screen.findByRole('textbox', { name: 'Message' });
  await user.type(box, `${text}{Enter}`);
  return box;
}

describe('chat (/app/chat)', { timeout: 30_000 }, () => {
  it('lists a coach’s conversations with the last message, kind and unread count, and the total in the sidebar', async () => {
    signInAs(demoUsers.coach);
    renderApp('/app/chat');
    const list = await conversationList();
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Jamie Rivera');
    expect(rows[0]).toHaveTextContent(/Jamie Rivera\d\d:\d\dYou: Yes, lower body only/);
    const team = within(list).getByRole('link', { name: /^Pitchers, team/ });
    expect(team).toHaveAccessibleName(/^Pitchers, team, 2 unread, Tyler: Good/);
    expect(team).toHaveTextContent('Tyler:');
    expect(within(list).getByRole('link', { name: /^Throwing staff, group/ })).toHaveTextContent(
      'No messages yet',
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Chat/ })).toHaveTextContent('2 unread');
    // A desktop shows the list and, until one is chosen, the empty right-hand side.
    expect(screen.getByText('Choose a conversation')).toBeInTheDocument();
  });

  it('opens a conversation at its newest messages, with day separators, receipts and an about card, and marks it read', async () => {
    signInAs(demoUsers.coach);
    renderApp(`/app/chat/${demoChatIds.team}`);
    const messages = await messagesOf();
    expect(
      within(messages)
        .getAllByRole('separator')
        .map((day) => day.textContent),
    ).toEqual(['Yesterday']);
    // A group's messages name their sender; staff see the team's members in the header.
    expect(within(messages).getAllByRole('listitem')[0]).toHaveTextContent('Morgan Reyes');
    expect(screen.getByText(/members: Morgan, Casey, Jamie/)).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.reads).toEqual([
        { conversationId: demoChatIds.team, readUpTo: fake.conversations[1]!.messages[2]!.id },
      ]),
    );
    const list = await conversationList();
    await waitFor(() =>
      expect(within(list).getByRole('link', { name: /^Pitchers, team, Tyler/ })).toBeInTheDocument(),
    );
    expect(within(list).getByRole('link', { name: /Pitchers/ })).toHaveAttribute('aria-current', 'page');

    await screen.findByRole('link', { name: /Jamie Rivera/ }).then((link) => link.click());
    const direct = await screen.findByRole('region', { name: 'Jamie Rivera' });
    const own = within(direct).getAllByRole('listitem', { name: /^You at/ });
    // The athlete has read all but the newest.
    expect(own.at(-1)).toHaveTextContent('Sent');
    expect(own.at(-2)).toHaveTextContent('Read');
    expect(within(direct).getByRole('link', { name: 'About: Lower body A · Tue' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/app\/completed\//),
    );
  });

  it('loads older messages when asked, keeping each once, until the start', async () => {
    signInAs(demoUsers.coach);
    const { user } = renderApp(`/app/chat/${demoChatIds.direct}`);
    const messages = await messagesOf();
    const bubbles = () =>
      within(messages)
        .getAllByRole('listitem')
        .filter((item) => item.getAttribute('aria-label'));
    expect(bubbles()).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(bubbles()).toHaveLength(45));
    expect(messages).toHaveTextContent('How did the bullpen feel today? (1)');
    expect(screen.getByText('The start of the conversation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it('draws only the messages near the view once a conversation is read far back', async () => {
    server.use(...createChatFake({ directCount: 150 }).handlers);
    signInAs(demoUsers.coach);
    const { user } = renderApp(`/app/chat/${demoChatIds.direct}`);
    const messages = await messagesOf();
    const bubbles = () =>
      within(messages)
        .getAllByRole('listitem')
        .filter((item) => item.getAttribute('aria-label'));
    for (let page = 1; page <= 4; page += 1) {
      await user.click(screen.getByRole('button', { name: 'Load older messages' }));
      // The page's oldest message: the view stays at the top here (jsdom has no layout to scroll).
      await within(messages).findByText(`(${121 - 30 * page})`, { exact: false });
    }
    await screen.findByText('The start of the conversation');
    // 150 messages and their days are in the query, but the page holds a window of them and spacers for the rest.
    expect(bubbles().length).toBeGreaterThan(10);
    expect(bubbles().length).toBeLessThan(60);
  });

  it('shows a message at once as "Sending…", then "Sent" when the server answered', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(sendPath, async () => {
        await held;
      }),
    );
    signInAs(demoUsers.athlete);
    const { user } = renderApp(`/app/chat/${demoChatIds.direct}`);
    const box = await typeAndSend(user, 'On my way to the gym');
    expect(box).toHaveValue('');
    const messages = await messagesOf();
    const last = () => within(messages).getAllByRole('listitem').at(-1)!;
    await waitFor(() => expect(last()).toHaveTextContent('On my way to the gymSending…'));
    expect(device.messages.size).toBe(1);
    answer();
    await waitFor(() => expect(last()).toHaveTextContent(/On my way to the gym\d\d:\d\d · Sent/));
    expect(fake.sends).toHaveLength(1);
    expect(fake.sends[0]!.key).toBe((fake.sends[0]!.body as { id: string }).id);
    await waitFor(() => expect(device.messages.size).toBe(0));
  });

  it('keeps a message waiting while the network is down and sends it once when it returns', async () => {
    const network = networkForSends();
    network.isCut = true;
    signInAs(demoUsers.athlete);
    const { user } = renderApp(`/app/chat/${demoChatIds.direct}`);
    await typeAndSend(user, 'No signal in here');
    await waitFor(() => expect(network.attempts).toBeGreaterThan(0));
    const messages = await messagesOf();
    expect(within(messages).getAllByRole('listitem').at(-1)).toHaveTextContent('No signal in hereSending…');
    expect(fake.sends).toHaveLength(0);

    network.isCut = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() =>
      expect(within(messages).getAllByRole('listitem').at(-1)).toHaveTextContent(/· Sent$/),
    );
    // Another round (the retry timer, the page showing again) finds nothing more to send.
    act(() => void window.dispatchEvent(new Event('online')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.sends).toHaveLength(1);
    expect(within(messages).getAllByText('No signal in here')).toHaveLength(1);
  });

  it('keeps a waiting message through a reload and sends it once after', async () => {
    const network = networkForSends();
    network.isCut = true;
    signInAs(demoUsers.athlete);
    const first = renderApp(`/app/chat/${demoChatIds.direct}`);
    await typeAndSend(first.user, 'Written offline');
    await waitFor(() => expect(network.attempts).toBeGreaterThan(0));
    expect(device.messages.size).toBe(1);

    // The page reloads: the screen and the memory go, the device's storage stays.
    cleanup();
    stopTrackingSync();
    forgetDeviceMessagesInMemory();
    reloadPage();
    network.isCut = false;
    renderApp(`/app/chat/${demoChatIds.direct}`);
    const messages = await messagesOf();
    await waitFor(() =>
      expect(within(messages).getAllByRole('listitem').at(-1)).toHaveTextContent(/Written offline.*· Sent$/),
    );
    expect(fake.sends).toHaveLength(1);
    expect(within(messages).getAllByText('Written offline')).toHaveLength(1);
    await waitFor(() => expect(device.messages.size).toBe(0));
  });

  it('shows "Not sent" with the server’s reason and sends it on Retry', async () => {
    server.use(
      http.post(
        sendPath,
        () =>
          apiError(400, {
            code: errorCodes.validation,
            message: 'Check the highlighted fields.',
            fields: { text: 'This conversation no longer takes messages.' },
          }),
        { once: true },
      ),
    );
    signInAs(demoUsers.athlete);
    const { user } = renderApp(`/app/chat/${demoChatIds.direct}`);
    await typeAndSend(user, 'Are we still on?');
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Not sent: This conversation no longer takes messages.');
    expect(device.messages.size).toBe(1);
    await user.click(within(refusal).getByRole('button', { name: 'Retry' }));
    const messages = await messagesOf();
    await waitFor(() =>
      expect(within(messages).getAllByRole('listitem').at(-1)).toHaveTextContent(
        /Are we still on\?.*· Sent$/,
      ),
    );
    expect(fake.sends).toHaveLength(1);
  });

  it('sends with Enter, starts a new line with Shift+Enter, and counts down near the limit', async () => {
    signInAs(demoUsers.athlete);
    const { user } = renderApp(`/app/chat/${demoChatIds.direct}`);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(3990));
    expect(screen.getByText('10 characters left')).toBeInTheDocument();
    await user.paste('x'.repeat(20));
    expect(screen.getByText('10 characters over the limit of 4000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows a phone the list and the conversation as two screens, with a way back', async () => {
    emulateDevice({ width: 390, displayMode: 'browser' });
    signInAs(demoUsers.athlete);
    const { user, router } = renderApp('/app/chat');
    const list = await conversationList();
    expect(screen.queryByText('Choose a conversation')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('link', { name: /Casey Jordan/ }));
    await messagesOf();
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Chats/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/chat'));
    expect(await conversationList()).toBeInTheDocument();
  });

  it('starts a direct conversation with a person, and lets staff make a named group', async () => {
    signInAs(demoUsers.coach);
    const { user, router } = renderApp('/app/chat');
    await conversationList();
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New conversation' });
    await user.click(within(dialog).getByRole('button', { name: 'Open conversation' }));
    expect(await within(dialog).findByText('Choose a person')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Person' }), 'Jamie Rivera');
    await user.click(within(dialog).getByRole('button', { name: 'Open conversation' }));
    // The pair's existing conversation opens.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/chat/${demoChatIds.direct}`));

    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    const again = await screen.findByRole('dialog', { name: 'New conversation' });
    await user.click(within(again).getByRole('radio', { name: 'A group' }));
    await user.click(within(again).getByRole('button', { name: 'Make group' }));
    expect(await within(again).findByText('Name the group')).toBeInTheDocument();
    await user.type(within(again).getByRole('textbox', { name: 'Group name' }), 'Bullpen');
    await user.click(within(again).getByRole('checkbox', { name: 'Tyler Brooks' }));
    await user.click(within(again).getByRole('button', { name: 'Make group' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe(`/app/chat/${demoChatIds.direct}`));
    const bullpen = await screen.findByRole('region', { name: 'Bullpen' });
    expect(await within(bullpen).findByText('No messages yet')).toBeInTheDocument();
  });

  it('opens "Message Jamie" from a completed workout with the message about it, and sends it so', async () => {
    server.use(...completedWorkoutHandlers(), ...fake.handlers);
    signInAs(demoUsers.coach);
    const { user, router } = renderApp(`/app/completed/${demoLogId}`);
    await user.click(await screen.findByRole('button', { name: 'Message Jamie' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/chat/${demoChatIds.direct}`));
    expect(await screen.findByText(/^About: Lower Body Strength A · /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove what the message is about' })).toBeInTheDocument();
    await typeAndSend(user, 'Nice depth on the squats');
    await waitFor(() => expect(fake.sends).toHaveLength(1));
    expect(fake.sends[0]!.body).toMatchObject({ about: { kind: 'completed_workout', id: demoLogId } });
    // The about goes with that one message only.
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(
      screen.queryByRole('button', { name: 'Remove what the message is about' }),
    ).not.toBeInTheDocument();
  });

  it('says so when a conversation is not the viewer’s, and offers to try again when it could not be loaded', async () => {
    signInAs(demoUsers.athlete);
    renderApp(`/app/chat/${demoChatIds.group}`);
    expect(await screen.findByText('This conversation was not found.')).toBeInTheDocument();
    cleanup();

    server.use(
      http.get('*/api/chats/:id', () =>
        apiError(503, { code: errorCodes.internal, message: 'Something went wrong.' }),
      ),
    );
    const { user } = renderApp(`/app/chat/${demoChatIds.direct}`);
    // The API client's own retries (2 s, 4 s) come first.
    expect(
      await screen.findByText('The conversation could not be loaded.', undefined, { timeout: 12_000 }),
    ).toBeInTheDocument();
    // What is written meanwhile (no network) still shows, waiting on the device.
    networkForSends().isCut = true;
    await typeAndSend(user, 'Still here');
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
  });

  it('opens the conversation from a message notification in the bell drawer', async () => {
    const notifications = createNotificationsFake();
    server.use(...notifications.handlers);
    notifications.byUser.set(demoUsers.athlete.id, [
      {
        id: '0d7e0052-0000-4000-8000-000000000099',
        kind: 'message',
        title: 'Casey Jordan',
        body: 'Keep the long toss light tomorrow.',
        status: 1,
        link: `/app/chat/${demoChatIds.direct}`,
        read: false,
        createdAt: new Date().toISOString(),
      },
    ]);
    signInAs(demoUsers.athlete);
    const { user, router } = renderApp('/app/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(await within(drawer).findByRole('button', { name: /^Casey Jordan/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/chat/${demoChatIds.direct}`));
    expect(await screen.findByRole('region', { name: 'Casey Jordan' })).toBeInTheDocument();
  });
});
