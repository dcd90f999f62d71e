import { createFileRoute } from '@tanstack/react-router';
import { ChooseConversation } from '@/features/chat/components/choose-conversation';

export const Route = createFileRoute('/app/chat/')({
  component: ChooseConversation,
});
