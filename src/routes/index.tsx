import { createFileRoute } from '@tanstack/react-router';
import { redirectToStart } from '@/lib/auth/session-guards';

export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => redirectToStart(context.auth),
});
