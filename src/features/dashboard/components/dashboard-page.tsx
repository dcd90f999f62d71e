import { useSuspenseQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useId, useRef, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { CalendarIcon, ListChecksIcon, SlidersIcon, UserIcon } from '@/components/ui/icons';
import { authQueries } from '@/lib/auth/auth-queries';
import { roleLabels } from '@/lib/auth/role-labels';
import { brandingFrom } from '@/lib/settings/settings-queries';
import { yieldToMain } from '@/lib/yield-to-main';
import { useDashboardWidgetsActions, useHiddenWidgetIds } from '@/stores/dashboard-widgets-store';
import { useScreenTitle } from '@/stores/header-store';
import { useIsOnboardingComplete } from '@/stores/onboarding-tour-store';
import { useGettingStartedHideStatus, useHideGettingStarted } from '../api/hide-getting-started';
import type { DashboardWidget } from '../dashboard-widget';
import { CustomizeWidgetsPanel } from './customize-widgets-panel';
import { DashboardWidgetCard } from './dashboard-widget-card';
import { AccountWidget } from './widgets/account-widget';
import { ActivityWidget, RecordsWidget } from './widgets/activity-widget';
import { GettingStartedTourWidget } from './widgets/getting-started-tour-widget';
import { GettingStartedWidget } from './widgets/getting-started-widget';
import { ThisWeekWidget } from './widgets/this-week-widget';
import { ThrowingWidget } from './widgets/throwing-widget';
import { TodayWidget } from './widgets/today-widget';
import { ActivityIcon, BaseballIcon, ChartBarsIcon, TrophyIcon } from './widgets/training-icons';

interface DashboardPageProps {
  /** Widgets other areas contribute (the route composes them, as features do not import each other). */
  extraWidgets?: readonly DashboardWidget[];
}

/** What a phone shows without scrolling: these render with the greeting; the rest follow (issue 29). */
const widgetsRenderedFirst = 2;

/**
 * How many widgets are rendered: the first ones with the greeting, then one more per task, so the browser handles
 * input and paints between them instead of running the whole screen in one long task. Where the browser cannot yield
 * (no `scheduler.yield`), the rest come in one transition.
 */
function useRenderedWidgetCount(total: number): number {
  const [count, setCount] = useState(widgetsRenderedFirst);
  useEffect(() => {
    if (count >= total) return;
    const yielded = yieldToMain();
    if (!yielded) {
      startTransition(() => setCount(total));
      return;
    }
    let isCurrent = true;
    void yielded.then(() => {
      if (isCurrent) setCount((rendered) => rendered + 1);
    });
    return () => {
      isCurrent = false;
    };
  }, [count, total]);
  return count;
}

/** The home screen: a greeting, and widgets each user can hide and show again. */
export function DashboardPage({ extraWidgets = [] }: DashboardPageProps) {
  useScreenTitle(); // The header keeps its default, "Home".
  const { data: me } = useSuspenseQuery(authQueries.me());
  const { user } = me;
  const { organizationName } = brandingFrom(me.organization);
  const hiddenIds = useHiddenWidgetIds(user.id);
  const { widgetHidden, widgetShown, allWidgetsShown } = useDashboardWidgetsActions();
  const [isCustomizing, setIsCustomizing] = useState(false);
  const customizePanelId = useId();
  // Hiding a widget or closing the panel removes the focused control; focus goes to Customize instead.
  const customizeButtonRef = useRef<HTMLButtonElement>(null);
  const hideGettingStarted = useHideGettingStarted(user.id);
  const gettingStartedHide = useGettingStartedHideStatus(user.id);
  const isTourComplete = useIsOnboardingComplete();
  const isStaff = user.role !== 'athlete';
  // Staff's card is the guided tour's state (ADR 041): there until the tour is finished. An athlete's is gone for
  // good once done with it; an unsent hide counts, whatever a refetch says meanwhile.
  const isDoneWithGettingStarted = isStaff
    ? isTourComplete
    : user.onboardingHidden || gettingStartedHide !== 'none';

  const widgets: DashboardWidget[] = [
    ...extraWidgets.filter((widget) => widget.first),
    {
      id: 'today',
      title: 'Today',
      description: 'The date and what is scheduled for today.',
      icon: CalendarIcon,
      content: <TodayWidget role={user.role} />,
      wide: true,
    },
    ...(user.role === 'athlete'
      ? []
      : [
          {
            id: 'this-week',
            title: 'This week',
            description: 'How much of the week’s training each group has done.',
            icon: ChartBarsIcon,
            content: <ThisWeekWidget />,
          },
          {
            id: 'throwing',
            title: 'Throwing',
            description: 'Athletes over today’s pitch limit or outside the green workload zone.',
            icon: BaseballIcon,
            content: <ThrowingWidget />,
          },
        ]),
    {
      id: 'activity',
      title: 'Activity',
      description: 'Workouts completed and records set lately.',
      icon: ActivityIcon,
      content: <ActivityWidget />,
    },
    {
      id: 'records',
      title: 'Records',
      description: 'The latest personal records.',
      icon: TrophyIcon,
      content: <RecordsWidget />,
    },
    ...extraWidgets.filter((widget) => !widget.first),
    ...(isDoneWithGettingStarted
      ? []
      : [
          {
            id: 'getting-started',
            title: 'Getting started',
            description: 'First steps for your role.',
            icon: ListChecksIcon,
            content: isStaff ? (
              <GettingStartedTourWidget />
            ) : (
              <GettingStartedWidget
                role={user.role}
                onDone={() => {
                  hideGettingStarted();
                  customizeButtonRef.current?.focus();
                }}
              />
            ),
          },
        ]),
    {
      id: 'account',
      title: 'Your account',
      description: 'Your name, email, role and organisation.',
      icon: UserIcon,
      content: <AccountWidget user={user} organizationName={organizationName} />,
    },
  ];
  const visibleWidgets = widgets.filter((widget) => !hiddenIds.includes(widget.id));
  const renderedWidgetCount = useRenderedWidgetCount(visibleWidgets.length);
  const hiddenCount = widgets.length - visibleWidgets.length;

  return (
    <div className="space-y-6">
      <PageHeader
        title={`Welcome, ${user.firstName}`}
        description={
          <>
            {roleLabels[user.role]} at <span className="font-medium text-foreground">{organizationName}</span>
          </>
        }
        actions={
          <Button
            ref={customizeButtonRef}
            variant="secondary"
            aria-expanded={isCustomizing}
            aria-controls={isCustomizing ? customizePanelId : undefined}
            onClick={() => setIsCustomizing((open) => !open)}
          >
            <SlidersIcon className="size-4" />
            Customize
            {hiddenCount > 0 ? ' ' : null}
            {hiddenCount > 0 ? (
              <span className="rounded-full bg-muted px-1.5 text-xs font-semibold text-muted-foreground">
                {hiddenCount} hidden
              </span>
            ) : null}
          </Button>
        }
      />

      {gettingStartedHide === 'waiting' ? (
        <Alert tone="info" role="status" title="Getting started hidden">
          Saved on this device — will sync when you’re back online.
        </Alert>
      ) : null}

      {isCustomizing ? (
        <CustomizeWidgetsPanel
          id={customizePanelId}
          widgets={widgets}
          hiddenIds={hiddenIds.filter((id) => widgets.some((widget) => widget.id === id))}
          onVisibilityChange={(widgetId, visible) =>
            visible ? widgetShown(user.id, widgetId) : widgetHidden(user.id, widgetId)
          }
          onShowAll={() => allWidgetsShown(user.id)}
          onDone={() => {
            setIsCustomizing(false);
            customizeButtonRef.current?.focus();
          }}
        />
      ) : null}

      {visibleWidgets.length > 0 ? (
        <div className="grid gap-5 md:grid-cols-2">
          {visibleWidgets.map((widget, index) => (
            <DashboardWidgetCard
              key={widget.id}
              widget={widget}
              isContentDeferred={index >= renderedWidgetCount}
              onHide={() => {
                widgetHidden(user.id, widget.id);
                customizeButtonRef.current?.focus();
              }}
            />
          ))}
        </div>
      ) : (
        <Card>
          <EmptyState
            icon={SlidersIcon}
            title="All widgets are hidden"
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  allWidgetsShown(user.id);
                  customizeButtonRef.current?.focus();
                }}
              >
                Show all widgets
              </Button>
            }
          >
            Your home screen is empty. Bring the widgets back, or pick some under Customize.
          </EmptyState>
        </Card>
      )}
    </div>
  );
}
