import type { Conversation, CreateConversationRequest } from '@contract/chat';
import { conversationReadResponseSchema } from '@contract/chat';
import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api/api-client';
import { chatQueries } from '@/lib/chat-sync/chat-queries';

// Only the id is read: the conversation itself is read with the conversation's own query.
const createdSchema = z.object({ data: z.object({ id: z.uuid() }) });

/** `POST /api/chats`: the pair's direct conversation (an existing one if any) or a new group. */
export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateConversationRequest) =>
      (await api.post('api/chats', { json: request }).json(createdSchema)).data.id,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueries.list().queryKey }),
  });
}

/** `PATCH /api/chats/{id}`: read up to a message; the list's badge follows the answer. */
export async function markConversationRead(
  queryClient: QueryClient,
  conversationId: string,
  readUpTo: string,
): Promise<void> {
  const answer = await api
    .patch(`api/chats/${conversationId}`, { json: { readUpTo } })
    .json(conversationReadResponseSchema);
  queryClient.setQueryData<Conversation[]>(chatQueries.list().queryKey, (list) =>
    list?.map((conversation) =>
      conversation.id === conversationId ? { ...conversation, unread: answer.data.unread } : conversation,
    ),
  );
}
