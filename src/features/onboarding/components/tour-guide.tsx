import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { tourStepCopy, tourStepCount, tourStepNumber } from '@/lib/onboarding/tour-step-copy';
import { useNavigationDrawerActions } from '@/stores/navigation-drawer-store';
import {
  useIsOnboardingComplete,
  useIsOnboardingCompletedHere,
  useIsOnboardingGuideHidden,
  useIsOnboardingGuideVisible,
  useOnboardingCurrentStep,
  useOnboardingData,
  useOnboardingTourActions,
} from '@/stores/onboarding-tour-store';
import { tourStepPlace } from '../step-targets';
import { GuideBanner, StepBanner } from './guide-banner';

const spotlightAttribute = 'data-tour-spotlight';
const guideSlot = ['guide-slot'];

function openModalDialogs(): Element[] {
  try {
    return [...document.querySelectorAll('dialog:modal')];
  } catch {
    // A DOM without `:modal` (jsdom): any open dialog counts.
    return [...document.querySelectorAll('dialog[open]')];
  }
}

/** On screen and usable: not hidden, and not behind a modal dialog (a sheet, the drawer) that makes it inert. */
function isUsable(element: Element): boolean {
  if (element.getClientRects().length === 0) return false;
  const modals = openModalDialogs();
  return modals.length === 0 || modals.some((dialog) => dialog.contains(element));
}

/** The first of the step's targets that is on screen now, watched as the screens change under the guide. */
function useTourTarget(targets: readonly string[], isEnabled: boolean): HTMLElement | null {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const key = targets.join('|');
  useEffect(() => {
    if (!isEnabled) return;
    const names = key.split('|');
    let frame = 0;
    const find = () => {
      frame = 0;
      let found: HTMLElement | null = null;
      for (const name of names) {
        const candidates = document.querySelectorAll<HTMLElement>(`[data-tour="${CSS.escape(name)}"]`);
        found = [...candidates].find(isUsable) ?? null;
        if (found) break;
      }
      setTarget(found);
    };
    // Screens load, dialogs open and lists redraw: the target is looked for again, once a frame at most.
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(find);
    };
    find();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['open', 'class', 'data-tour'],
    });
    window.addEventListener('resize', schedule);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [key, isEnabled]);
  return isEnabled && target?.isConnected ? target : null;
}

/** The target is lit (a ring, pulsing unless the user asks for less motion; see index.css) while it is current. */
function useSpotlight(target: HTMLElement | null) {
  useEffect(() => {
    if (!target) return;
    target.setAttribute(spotlightAttribute, '');
    return () => target.removeAttribute(spotlightAttribute);
  }, [target]);
}

/**
 * Escape hides the guide, unless it is closing something else first (a dialog, an open list) or is typed in a
 * field: those keep their own Escape.
 */
function useEscapeHides(isVisible: boolean, hide: () => void) {
  useEffect(() => {
    if (!isVisible) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      // In a field Escape belongs to the field (a search box clears with it, say), not to the guide.
      if (
        event.target instanceof Element &&
        event.target.closest('input, textarea, select, [contenteditable]')
      )
        return;
      if (document.activeElement?.getAttribute('aria-expanded') === 'true') return;
      hide();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isVisible, hide]);
}

/**
 * The guided tour of spec 4 for staff (ADR 041): the current step in words and how far along, in a band above the
 * screen, and the element to use lit on the screen. Nothing of it floats over the page: the user goes on working,
 * and the step advances only when the screen says it was done.
 */
export default function TourGuide() {
  const isVisible = useIsOnboardingGuideVisible();
  const isComplete = useIsOnboardingComplete();
  const step = useOnboardingCurrentStep();
  const data = useOnboardingData();
  const { guideHidden } = useOnboardingTourActions();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const copy = tourStepCopy(step, data);
  const place = useMemo(() => tourStepPlace(step, data), [step, data]);
  const target = useTourTarget(place.targets, isVisible);
  useSpotlight(target);
  useEscapeHides(isVisible, guideHidden);

  // "Says so once": only when the last step was done here, not when a record read later says complete, and not
  // to someone who hid the guide.
  const isCompletedHere = useIsOnboardingCompletedHere();
  const isHidden = useIsOnboardingGuideHidden();
  const [isFinishedClosed, setFinishedClosed] = useState(false);
  const justCompleted = isComplete && isCompletedHere && !isHidden && !isFinishedClosed;
  // A full-screen screen (tracking on a phone covers the frame) offers a slot at its top for the band.
  const slot = useTourTarget(guideSlot, isVisible || justCompleted);

  const number = tourStepNumber(step);
  const announcement = justCompleted
    ? 'You have finished the guide. Your organisation is set up.'
    : isVisible
      ? `Guide, step ${number} of ${tourStepCount}: ${copy.title}.`
      : '';

  const band = justCompleted ? (
    <GuideBanner
      label="Guide finished"
      kicker="Guide · done"
      title="You’re all set"
      detail="You added an athlete, built a workout, scheduled it, tracked it and saw it completed."
      dismiss={{ label: 'Close', onPress: () => setFinishedClosed(true) }}
    />
  ) : isVisible ? (
    <StepBanner
      step={step}
      data={data}
      actions={
        <StepActions
          isOnScreen={place.isOnScreen(pathname)}
          target={target}
          destination={place.destination}
        />
      }
      onHide={guideHidden}
    />
  ) : null;

  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {slot && band ? createPortal(band, slot) : band}
    </>
  );
}

/**
 * The way to the step: "Take me there" off its screen, or on a phone, for a step in the navigation, "Show me in
 * the menu", which opens the drawer with the item lit. The drawer opens only when the user asks.
 */
function StepActions({
  isOnScreen,
  target,
  destination,
}: {
  isOnScreen: boolean;
  target: HTMLElement | null;
  destination: ReturnType<typeof tourStepPlace>['destination'];
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { navigationOpened } = useNavigationDrawerActions();
  const [isGoing, setIsGoing] = useState(false);
  const takeMeThere = async () => {
    setIsGoing(true);
    try {
      await navigate(await destination(queryClient));
    } finally {
      setIsGoing(false);
    }
  };
  // The step's item is in the closed drawer: what is lit is the menu button.
  const isInClosedMenu = target?.dataset.tour === 'open-navigation';
  if (isInClosedMenu) {
    // The menu shows where the screen lives, and one tap there goes: no second way to offer.
    return <Button onClick={navigationOpened}>Show me in the menu</Button>;
  }
  // On the step's screen with its target in view, the lit element says where; elsewhere, the guide offers the way.
  const offersWay = !isOnScreen || target === null;
  return offersWay ? (
    <Button isPending={isGoing} onClick={() => void takeMeThere()}>
      Take me there
    </Button>
  ) : null;
}
