import type { ChatMessageItem, Conversation, MessagePage } from '@contract/chat';
import {
  chatLimits,
  conversationListResponseSchema,
  conversationResponseSchema,
  messagePageSchema,
} from '@contract/chat';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** One page of a conversation: the first carries the conversation itself, older ones only messages. */
export interface ConversationPage {
  conversation: Conversation | null;
  messages: MessagePage;
}

export type ConversationData = InfiniteData<ConversationPage, unknown>;

/*
 * Keys under ['chat'], which the live 'chat' event invalidates (ADR 056): the list and each open conversation.
 * A conversation pages backwards: its pages go newest first, each older page asked `before` the oldest shown.
 */
export const chatQueries = {
  all: () => ['chat'] as const,
  list: () =>
    queryOptions({
      queryKey: ['chat', 'list'] as const,
      queryFn: async ({ signal }): Promise<Conversation[]> =>
        (await api.get('api/chats', { signal }).json(conversationListResponseSchema)).data,
      staleTime: 15_000,
    }),
  conversation: (conversationId: string) =>
    infiniteQueryOptions({
      queryKey: ['chat', 'conversation', conversationId] as const,
      queryFn: async ({ signal, pageParam }): Promise<ConversationPage> => {
        if (pageParam === null) {
          const answer = await api
            .get(`api/chats/${conversationId}`, { signal })
            .json(conversationResponseSchema);
          return { conversation: answer.data, messages: answer.messages };
        }
        const messages = await api
          .get(`api/chatGroupsMessage/${conversationId}`, {
            signal,
            searchParams: { before: pageParam, size: chatLimits.pageDefault },
          })
          .json(messagePageSchema);
        return { conversation: null, messages };
      },
      initialPageParam: null as string | null,
      getNextPageParam: (page: ConversationPage) =>
        page.messages.hasOlder && page.messages.data.length > 0 ? page.messages.data[0]!.id : undefined,
      staleTime: 15_000,
    }),
};

/** The conversation's messages oldest first, each once (a message may arrive on two pages as new ones come). */
export function messagesOf(data: ConversationData | undefined): ChatMessageItem[] {
  const seen = new Set<string>();
  const list: ChatMessageItem[] = [];
  for (const page of [...(data?.pages ?? [])].reverse()) {
    for (const message of page.messages.data) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      list.push(message);
    }
  }
  return list;
}

/** The server's answer to a send joins the newest page at once; the live event reads it again later. */
export function addServerMessage(queryClient: QueryClient, message: ChatMessageItem): void {
  // A conversation never read on this page: it is read afresh, with the message in it.
  if (!queryClient.getQueryData(chatQueries.conversation(message.conversationId).queryKey)) {
    void queryClient.invalidateQueries({
      queryKey: chatQueries.conversation(message.conversationId).queryKey,
    });
  }
  queryClient.setQueryData<ConversationData>(
    chatQueries.conversation(message.conversationId).queryKey,
    (data) => {
      if (!data || data.pages.length === 0) return data;
      const [newest, ...older] = data.pages;
      if (newest!.messages.data.some((known) => known.id === message.id)) return data;
      return {
        ...data,
        pages: [
          { ...newest!, messages: { ...newest!.messages, data: [...newest!.messages.data, message] } },
          ...older,
        ],
      };
    },
  );
  queryClient.setQueryData<Conversation[]>(chatQueries.list().queryKey, (list) =>
    list
      ?.map((conversation) =>
        conversation.id === message.conversationId
          ? { ...conversation, lastMessage: message, lastMessageAt: message.createdAt }
          : conversation,
      )
      .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt)),
  );
}
