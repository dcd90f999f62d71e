import type { Conversation } from '@contract/chat';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LayersIcon, MessageIcon, UsersIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { authQueries } from '@/lib/auth/auth-queries';
import { chatQueries } from '@/lib/chat-sync/chat-queries';
import { lastMessageWords, listTimeWords } from '../chat-words';
import { ChatSettingsButton } from './chat-settings-button';
import { NewConversationDialog } from './new-conversation-dialog';

/** The viewer's conversations, newest message first. */
export function ConversationList({ selectedId }: { selectedId: string | null }) {
  const { data: me } = useSuspenseQuery(authQueries.me());
  const list = useQuery(chatQueries.list());
  return (
    <section aria-labelledby="chat-list-heading" className="flex h-full min-h-0 flex-col bg-surface">
      <header className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-border px-4">
        <h1 id="chat-list-heading" className="text-xl font-bold tracking-tight text-foreground">
          Chat
        </h1>
        <div className="flex items-center gap-1">
          <ChatSettingsButton />
          <NewConversationDialog viewer={me.user} conversations={list.data ?? []} />
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <ul aria-label="Loading conversations" className="divide-y divide-border">
            {[0, 1, 2, 3, 4].map((row) => (
              <li key={row} className="flex h-[4.5rem] items-center gap-3 px-4">
                <Skeleton className="size-10 rounded-full" />
                <span className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-3/4" />
                </span>
              </li>
            ))}
          </ul>
        ) : list.isError ? (
          <div className="p-4">
            <Alert tone="warning" role="status" title="Your conversations could not be loaded.">
              <Button variant="secondary" className="mt-2" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </Alert>
          </div>
        ) : list.data.length === 0 ? (
          <EmptyState icon={MessageIcon} title="No conversations yet">
            Start one with “New conversation”.
          </EmptyState>
        ) : (
          <ul aria-label="Conversations" className="divide-y divide-border">
            {list.data.map((conversation) => (
              <li key={conversation.id}>
                <ConversationRow
                  conversation={conversation}
                  viewerId={me.user.id}
                  isSelected={conversation.id === selectedId}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ConversationRow({
  conversation,
  viewerId,
  isSelected,
}: {
  conversation: Conversation;
  viewerId: string;
  isSelected: boolean;
}) {
  const [firstName = '', lastName = ''] = conversation.title.split(' ');
  const KindIcon =
    conversation.kind === 'team' ? LayersIcon : conversation.kind === 'group' ? UsersIcon : null;
  const unread = conversation.unread > 0;
  return (
    <Link
      to="/app/chat/$conversationId"
      params={{ conversationId: conversation.id }}
      aria-current={isSelected ? 'page' : undefined}
      aria-label={[
        conversation.title,
        conversation.kind === 'direct' ? null : conversation.kind,
        unread ? `${conversation.unread} unread` : null,
        lastMessageWords(conversation, viewerId),
      ]
        .filter(Boolean)
        .join(', ')}
      className="flex h-[4.5rem] items-center gap-3 px-4 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring aria-[current=page]:bg-primary-soft"
    >
      {KindIcon ? (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-ink ring-1 ring-primary/15"
        >
          <KindIcon className="size-5" />
        </span>
      ) : (
        <Avatar firstName={firstName} lastName={lastName} className="size-10 text-sm" />
      )}
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={`truncate text-sm text-foreground ${unread ? 'font-bold' : 'font-semibold'}`}>
            {conversation.title}
          </span>
          <span
            className={`shrink-0 text-xs ${unread ? 'font-semibold text-primary-ink' : 'text-muted-foreground'}`}
          >
            {conversation.lastMessage ? listTimeWords(conversation.lastMessageAt) : ''}
          </span>
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={`truncate text-sm ${unread ? 'text-foreground' : 'text-muted-foreground'}`}>
            {lastMessageWords(conversation, viewerId)}
          </span>
          {unread ? (
            <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
              {conversation.unread}
              <span className="sr-only">{' unread'}</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
