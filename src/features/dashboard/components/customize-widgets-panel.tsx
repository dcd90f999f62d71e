import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import type { DashboardWidget } from '../dashboard-widget';

interface CustomizeWidgetsPanelProps {
  id: string;
  widgets: readonly DashboardWidget[];
  hiddenIds: readonly string[];
  onVisibilityChange: (widgetId: string, visible: boolean) => void;
  onShowAll: () => void;
  onDone: () => void;
}

/** The dashboard's Customize panel: one switch per widget, on by default. */
export function CustomizeWidgetsPanel({
  id,
  widgets,
  hiddenIds,
  onVisibilityChange,
  onShowAll,
  onDone,
}: CustomizeWidgetsPanelProps) {
  const headingId = `${id}-heading`;
  return (
    <Card id={id} aria-labelledby={headingId} className="animate-fade-in">
      <div className="px-5 pt-4">
        <h2 id={headingId} className="text-base font-semibold text-foreground">
          Dashboard widgets
        </h2>
        <p className="mt-0.5 text-sm text-muted-foreground">
          Choose what your home screen shows. Your choice is kept on this device.
        </p>
      </div>
      <div className="divide-y divide-border px-5">
        {widgets.map((widget) => (
          <Switch
            key={widget.id}
            label={widget.title}
            description={widget.description}
            checked={!hiddenIds.includes(widget.id)}
            onCheckedChange={(visible) => onVisibilityChange(widget.id, visible)}
          />
        ))}
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-border bg-muted/40 px-5 py-3">
        <Button variant="ghost" onClick={onShowAll} disabled={hiddenIds.length === 0}>
          Show all
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </Card>
  );
}
