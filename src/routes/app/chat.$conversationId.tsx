import { createFileRoute } from '@tanstack/react-router';
import { validateConversationSearch } from '@/features/chat/chat-search';
import { ConversationView } from '@/features/chat/components/conversation-view';
import { chatQueries } from '@/lib/chat-sync/chat-queries';

export const Route = createFileRoute('/app/chat/$conversationId')({
  validateSearch: validateConversationSearch,
  loader: ({ context, params }) =>
    void context.queryClient.prefetchInfiniteQuery(chatQueries.conversation(params.conversationId)),
  component: ConversationView,
});
