import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { CloseIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import type { DashboardWidget } from '../dashboard-widget';

interface DashboardWidgetCardProps {
  widget: DashboardWidget;
  onHide: () => void;
  /** Its content is not rendered yet: it shows as loading. */
  isContentDeferred?: boolean;
}

export function DashboardWidgetCard({ widget, onHide, isContentDeferred = false }: DashboardWidgetCardProps) {
  const headingId = useId();
  const { title, icon: WidgetIcon, content, wide } = widget;
  return (
    <Card aria-labelledby={headingId} className={`flex flex-col ${wide ? 'md:col-span-2' : ''}`}>
      <div className="flex items-center gap-3 px-5 pt-4 pb-1">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
          <WidgetIcon className="size-[1.125rem]" />
        </span>
        <h2 id={headingId} className="min-w-0 flex-1 truncate text-base font-semibold text-foreground">
          {title}
        </h2>
        <IconButton label={`Hide ${title}`} onClick={onHide} className="-mr-2 size-9">
          <CloseIcon className="size-4" />
        </IconButton>
      </div>
      <div className="flex-1 px-5 pt-2 pb-5">
        {isContentDeferred ? (
          <div className="space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : (
          content
        )}
      </div>
    </Card>
  );
}
