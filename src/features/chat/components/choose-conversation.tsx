import { EmptyState } from '@/components/ui/empty-state';
import { MessageIcon } from '@/components/ui/icons';
import { useMediaQuery } from '@/lib/use-media-query';

/** `/app/chat` on a desktop: the right-hand side before a conversation is chosen (a phone shows only the list). */
export function ChooseConversation() {
  const isDesktop = useMediaQuery('(min-width: 1024px)', true);
  if (!isDesktop) return null;
  return (
    <div className="flex h-full items-center justify-center">
      <EmptyState icon={MessageIcon} title="Choose a conversation">
        Pick one on the left, or start a new one.
      </EmptyState>
    </div>
  );
}
