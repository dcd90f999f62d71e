import { createFileRoute } from '@tanstack/react-router';
import { ChatLayout } from '@/features/chat/components/chat-layout';
import { chatQueries } from '@/lib/chat-sync/chat-queries';

export const Route = createFileRoute('/app/chat')({
  // The list starts with the navigation; the screen shows its own loading rows meanwhile.
  loader: ({ context }) => void context.queryClient.prefetchQuery(chatQueries.list()),
  component: ChatLayout,
});
