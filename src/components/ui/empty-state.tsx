import type { ReactNode } from 'react';
import type { Icon } from './icons';

interface EmptyStateProps {
  icon: Icon;
  title: string;
  children?: ReactNode;
  /** A next step, e.g. a button. */
  action?: ReactNode;
  className?: string;
}

/** What a screen or panel shows when it has nothing yet: what would be here, and what to do about it. */
export function EmptyState({ icon: EmptyIcon, title, children, action, className = '' }: EmptyStateProps) {
  return (
    <div className={`flex flex-col items-center px-6 py-10 text-center ${className}`}>
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-ink">
        <EmptyIcon className="size-6" />
      </span>
      <p className="mt-4 text-base font-semibold text-foreground">{title}</p>
      {children ? <div className="mt-1 max-w-sm text-sm text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
