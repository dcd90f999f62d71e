import { z } from 'zod';
import { api } from '@/lib/api/api-client';

// Only the id is read: the conversation screen reads the rest with its own query.
const openedSchema = z.object({ data: z.object({ id: z.uuid() }) });

/** `POST /api/chats` direct: the pair's conversation (made the first time), for "Message {athlete}" links. */
export async function openDirectConversation(memberId: string): Promise<string> {
  return (await api.post('api/chats', { json: { kind: 'direct', memberId } }).json(openedSchema)).data.id;
}
