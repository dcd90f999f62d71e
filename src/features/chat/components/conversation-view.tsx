import type { Conversation } from '@contract/chat';
import { useInfiniteQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LayersIcon, UsersIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { authQueries } from '@/lib/auth/auth-queries';
import { chatQueries, messagesOf } from '@/lib/chat-sync/chat-queries';
import {
  deviceMessagesLoaded,
  deviceMessagesOf,
  deviceMessagesVersion,
  subscribeToDeviceMessages,
} from '@/lib/chat-sync/device-messages';
import { useMediaQuery } from '@/lib/use-media-query';
import { markConversationRead } from '../api/chat-mutations';
import { ChatSettingsButton } from './chat-settings-button';
import { Composer } from './composer';
import { MessageList } from './message-list';

const route = getRouteApi('/app/chat/$conversationId');

/** `/app/chat/$conversationId`: one conversation, its messages oldest at the top, and the composer. */
export function ConversationView() {
  const { conversationId } = route.useParams();
  // A new key per conversation: its scroll position, read marker and composer start afresh.
  return <ConversationPane key={conversationId} conversationId={conversationId} />;
}

function useDeviceMessages(conversationId: string) {
  useEffect(() => void deviceMessagesLoaded(), []);
  useSyncExternalStore(subscribeToDeviceMessages, deviceMessagesVersion);
  return deviceMessagesOf(conversationId);
}

function ConversationPane({ conversationId }: { conversationId: string }) {
  const { data: me } = useSuspenseQuery(authQueries.me());
  const queryClient = useQueryClient();
  const thread = useInfiniteQuery(chatQueries.conversation(conversationId));
  const conversation = thread.data?.pages[0]?.conversation ?? null;
  const serverMessages = messagesOf(thread.data);
  const deviceMessages = useDeviceMessages(conversationId);
  const newest = serverMessages.at(-1);

  // Opening the conversation (and each message arriving while it is open and seen) marks it read.
  const readUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (!newest) return;
    const markRead = () => {
      if (document.visibilityState !== 'visible' || readUpTo.current === newest.id) return;
      readUpTo.current = newest.id;
      void markConversationRead(queryClient, conversationId, newest.id).catch(() => {
        readUpTo.current = null;
      });
    };
    markRead();
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [newest, queryClient, conversationId]);

  const isGone = thread.isError && isApiRequestError(thread.error) && thread.error.status === 404;
  if (isGone) {
    return (
      <div className="flex h-full flex-col">
        <ConversationHeader conversation={null} />
        <div className="p-4">
          <Alert tone="warning" role="status" title="This conversation was not found.">
            It may have been removed, or you are no longer in it.
          </Alert>
        </div>
      </div>
    );
  }
  // Unreachable server and nothing read before: what this device wrote still shows, and the composer works.
  const isUnread = thread.isError && !thread.data;

  return (
    <section
      aria-label={conversation?.title ?? 'Conversation'}
      className="flex h-full min-h-0 flex-col bg-canvas"
    >
      <ConversationHeader conversation={conversation} />
      {isUnread ? (
        <div className="border-b border-border bg-surface px-4 py-2">
          <Alert tone="warning" role="status" title="The conversation could not be loaded.">
            <Button variant="secondary" className="mt-2" onClick={() => void thread.refetch()}>
              Try again
            </Button>
          </Alert>
        </div>
      ) : null}
      {thread.isPending && !isUnread ? (
        <MessagesSkeleton />
      ) : (
        <MessageList
          conversation={conversation}
          viewerId={me.user.id}
          serverMessages={serverMessages}
          deviceMessages={deviceMessages}
          hasOlder={thread.hasNextPage}
          isLoadingOlder={thread.isFetchingNextPage}
          loadOlder={() => void thread.fetchNextPage()}
        />
      )}
      <Composer conversationId={conversationId} viewerId={me.user.id} />
    </section>
  );
}

function ConversationHeader({ conversation }: { conversation: Conversation | null }) {
  const isDesktop = useMediaQuery('(min-width: 1024px)', true);
  const KindIcon =
    conversation?.kind === 'team' ? LayersIcon : conversation?.kind === 'group' ? UsersIcon : null;
  const members =
    conversation && conversation.kind !== 'direct'
      ? conversation.members.map((member) => member.firstName).join(', ')
      : null;
  return (
    <header className="flex h-16 shrink-0 items-center gap-3 border-b border-border bg-surface px-3 sm:px-4">
      {isDesktop ? null : (
        <Link
          to="/app/chat"
          className="inline-flex min-h-10 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-primary-ink hover:bg-muted"
        >
          <span aria-hidden="true">‹</span> Chats
        </Link>
      )}
      {KindIcon ? <KindIcon aria-hidden="true" className="size-5 shrink-0 text-primary-ink" /> : null}
      <div className="min-w-0 flex-1">
        {conversation ? (
          <>
            <h2 className="truncate text-base font-semibold text-foreground">{conversation.title}</h2>
            {members ? (
              <p className="truncate text-xs text-muted-foreground" title={members}>
                {conversation.members.length} members: {members}
              </p>
            ) : (
              <p className="truncate text-xs text-muted-foreground">Direct message</p>
            )}
          </>
        ) : (
          <span aria-hidden="true" className="block space-y-1.5">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-24" />
          </span>
        )}
      </div>
      <ChatSettingsButton />
    </header>
  );
}

function MessagesSkeleton() {
  return (
    <div aria-label="Loading messages" role="status" className="flex-1 space-y-4 overflow-hidden p-4">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className={`flex ${row % 2 ? 'justify-end' : 'justify-start'}`}>
          <Skeleton className={`h-14 rounded-2xl ${row % 2 ? 'w-1/2' : 'w-2/3'}`} />
        </div>
      ))}
    </div>
  );
}
