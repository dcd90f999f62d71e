import { Outlet, useParams } from '@tanstack/react-router';
import { useScreenTitle } from '@/stores/header-store';
import { useMediaQuery } from '@/lib/use-media-query';
import { ConversationList } from './conversation-list';

/**
 * `/app/chat`: on a desktop the list and the open conversation side by side; on a phone (< 1024 px) two screens,
 * the list or the conversation.
 */
export function ChatLayout() {
  useScreenTitle('Chat');
  const isDesktop = useMediaQuery('(min-width: 1024px)', true);
  const { conversationId } = useParams({ strict: false });
  if (!isDesktop) {
    return (
      <div className="flex h-[calc(100dvh-8.5rem)] min-h-[26rem] flex-col">
        {conversationId ? <Outlet /> : <ConversationList selectedId={null} />}
      </div>
    );
  }
  return (
    <div className="grid h-[calc(100dvh-8rem)] min-h-[30rem] grid-cols-[20rem_minmax(0,1fr)] overflow-hidden rounded-2xl border border-border bg-surface shadow-sm">
      <div className="min-h-0 border-r border-border">
        <ConversationList selectedId={conversationId ?? null} />
      </div>
      <div className="min-h-0">
        <Outlet />
      </div>
    </div>
  );
}
