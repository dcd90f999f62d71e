import type { OnboardingStep } from '@contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useOverlayPosition } from 'react-aria';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { tourStepCopy, tourStepCount, tourStepNumber } from '@/lib/onboarding/tour-step-copy';
import { useNavigationDrawerActions } from '@/stores/navigation-drawer-store';
import {
  useIsOnboardingComplete,
  useIsOnboardingGuideVisible,
  useOnboardingCurrentStep,
  useOnboardingData,
  useOnboardingTourActions,
} from '@/stores/onboarding-tour-store';
import { isNavigationTarget, tourStepPlace } from '../step-targets';

/** The desktop sidebar shows from here on; below it, navigation targets are in the drawer. */
const desktopQuery = '(min-width: 1024px)';
const spotlightAttribute = 'data-tour-spotlight';

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
 * On a phone the navigation is a drawer: a step whose target is a navigation item opens it, once per step (a
 * user who closes it again is then pointed at the menu button).
 */
function useDrawerForNavigationSteps(
  step: OnboardingStep,
  targets: readonly string[],
  target: HTMLElement | null,
  pathname: string,
) {
  const { navigationOpened, navigationClosed } = useNavigationDrawerActions();
  const openedFor = useRef<OnboardingStep | null>(null);
  // Not for a screen the user is on already (the step is about to complete there by itself), and only once the
  // menu button is what is left to point at: not while another dialog (a finished workout's) is open.
  const needsDrawer = targets.some((name) => isNavigationTarget(name) && name !== `nav:${pathname}`);
  const pointsAtMenuButton = target?.dataset.tour === 'open-navigation';
  useEffect(() => {
    if (openedFor.current !== null && openedFor.current !== step && !needsDrawer) {
      // The drawer the guide opened is not what the next step needs: it goes again.
      openedFor.current = null;
      navigationClosed();
      return;
    }
    if (!pointsAtMenuButton || !needsDrawer || openedFor.current === step) return;
    if (typeof window.matchMedia !== 'function' || window.matchMedia(desktopQuery).matches) return;
    openedFor.current = step;
    navigationOpened();
  }, [pointsAtMenuButton, needsDrawer, step, navigationOpened, navigationClosed]);
}

/**
 * Escape hides the guide, unless it is closing something else first (a dialog, an open list): those keep their
 * own Escape.
 */
function useEscapeHides(isVisible: boolean, hide: () => void) {
  useEffect(() => {
    if (!isVisible) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      if (document.activeElement?.getAttribute('aria-expanded') === 'true') return;
      hide();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isVisible, hide]);
}

/**
 * The guided tour of spec 4 for staff (ADR 041): the current step in words, how far along, the element to use
 * lit and the guide's card anchored beside it (React Aria's overlay positioning). The card is not modal and
 * never takes focus: the user keeps working in the screen, and the step advances only when the screen says it
 * was done.
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
  useDrawerForNavigationSteps(step, place.targets, target, pathname);
  useEscapeHides(isVisible, guideHidden);

  // "Says so once": only a completion seen in this session, not a tour already complete when it loaded.
  const [justCompleted, setJustCompleted] = useState(false);
  const [wasComplete, setWasComplete] = useState(isComplete);
  if (isComplete !== wasComplete) {
    setWasComplete(isComplete);
    if (isComplete) setJustCompleted(true);
  }

  const number = tourStepNumber(step);
  const announcement = justCompleted
    ? 'You have finished the guide. Your organisation is set up.'
    : isVisible
      ? `Guide, step ${number} of ${tourStepCount}: ${copy.title}.`
      : '';

  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {justCompleted ? (
        <GuidePanel label="Guide finished" target={null}>
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <p className="text-xs font-semibold tracking-wide text-primary-ink uppercase">Guide</p>
              <h2 className="mt-1 text-base font-semibold text-foreground">You’re all set</h2>
              <p className="mt-1 text-sm text-muted-foreground">
                You added an athlete, built a workout, scheduled it, tracked it and saw it completed.
              </p>
            </div>
            <IconButton label="Close" onClick={() => setJustCompleted(false)}>
              <CloseIcon />
            </IconButton>
          </div>
        </GuidePanel>
      ) : isVisible ? (
        <GuidePanel label="Guide" target={target}>
          <StepContent
            number={number}
            title={copy.title}
            detail={copy.detail}
            isOnScreen={place.isOnScreen(pathname)}
            hasTarget={target !== null}
            destination={place.destination}
            onHide={guideHidden}
          />
        </GuidePanel>
      ) : null}
    </>
  );
}

function StepContent({
  number,
  title,
  detail,
  isOnScreen,
  hasTarget,
  destination,
  onHide,
}: {
  number: number;
  title: string;
  detail: string;
  isOnScreen: boolean;
  hasTarget: boolean;
  destination: ReturnType<typeof tourStepPlace>['destination'];
  onHide: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isGoing, setIsGoing] = useState(false);
  const titleId = useId();
  const takeMeThere = async () => {
    setIsGoing(true);
    try {
      await navigate(await destination(queryClient));
    } finally {
      setIsGoing(false);
    }
  };
  // On the step's screen with its target in view, the lit element says where; elsewhere, the guide offers the way.
  const offersWay = !isOnScreen || !hasTarget;
  return (
    <section aria-labelledby={titleId}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-primary-ink uppercase">
            Guide · {number} of {tourStepCount}
          </p>
          <h2 id={titleId} className="mt-1 text-base leading-snug font-semibold text-foreground">
            {title}
          </h2>
        </div>
        <IconButton label="Hide the guide" onClick={onHide} className="-mt-1 -mr-2">
          <CloseIcon />
        </IconButton>
      </div>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Guide progress"
        aria-valuemin={0}
        aria-valuemax={tourStepCount}
        aria-valuenow={number - 1}
        aria-valuetext={`Step ${number} of ${tourStepCount}`}
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${((number - 1) / tourStepCount) * 100}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-muted-foreground">{detail}</p>
      {offersWay ? (
        <Button className="mt-3 w-full sm:w-auto" isPending={isGoing} onClick={() => void takeMeThere()}>
          Take me there
        </Button>
      ) : null}
    </section>
  );
}

/**
 * The card: beside its target when there is one (placed by React Aria, flipping to stay on screen), docked at
 * the bottom otherwise. A target inside a modal `<dialog>` (the phone's drawer, a sheet) gets the card inside
 * that dialog: the rest of the page is inert behind it.
 */
function GuidePanel({
  label,
  target,
  children,
}: {
  label: string;
  target: HTMLElement | null;
  children: React.ReactNode;
}) {
  const container = target?.closest('dialog') ?? null;
  const panel =
    target && !isLarge(target) && !isInDrawer(target) ? (
      <AnchoredPanel label={label} target={target}>
        {children}
      </AnchoredPanel>
    ) : (
      <DockedPanel
        label={label}
        edge={target && isInDrawer(target) ? 'drawer' : container ? 'sheet' : 'page'}
      >
        {children}
      </DockedPanel>
    );
  return createPortal(panel, container ?? document.body);
}

const dockedEdgeClasses = {
  page: 'inset-x-3 bottom-3 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96',
  sheet: 'inset-x-3 top-3 sm:inset-x-auto sm:top-auto sm:right-6 sm:bottom-6 sm:w-96',
  // The drawer is w-80 (at most 85vw) from the left edge: the card keeps inside it, under the links.
  drawer: 'bottom-3 left-3 w-[calc(min(20rem,85vw)-1.5rem)]',
} as const;

/** A navigation item in the phone's drawer: the card docks at the drawer's foot, clear of the other links. */
const isInDrawer = (target: HTMLElement) => target.closest('dialog nav') !== null;

/** Below this width the docked card spans the screen's bottom edge. */
const phoneQuery = '(max-width: 639px)';

/**
 * The card at the bottom edge (top on a phone's sheet, whose buttons are at the bottom). On a phone the page gets
 * room below its end for it, so that nothing stays under the card: the last button can still be scrolled to.
 */
function DockedPanel({
  label,
  edge,
  children,
}: {
  label: string;
  /** Where it docks: the page's bottom edge, a sheet's top (its buttons are below), the drawer's foot. */
  edge: 'page' | 'sheet' | 'drawer';
  children: React.ReactNode;
}) {
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const panel = panelRef.current;
    if (edge !== 'page' || !panel || typeof ResizeObserver !== 'function') return;
    const phone = window.matchMedia(phoneQuery);
    const makeRoom = () => {
      document.body.style.paddingBottom = phone.matches ? `${panel.offsetHeight + 24}px` : '';
    };
    const observer = new ResizeObserver(makeRoom);
    observer.observe(panel);
    phone.addEventListener('change', makeRoom);
    return () => {
      observer.disconnect();
      phone.removeEventListener('change', makeRoom);
      document.body.style.paddingBottom = '';
    };
  }, [edge]);
  return (
    <aside
      ref={panelRef}
      aria-label={label}
      className={`fixed z-40 rounded-2xl border border-border bg-surface p-4 shadow-xl motion-safe:animate-pop-in ${dockedEdgeClasses[edge]}`}
    >
      {children}
    </aside>
  );
}

/** A form or a whole section is lit, not pointed at: a card beside it would cover its own fields. */
const isLarge = (target: HTMLElement) =>
  target.tagName === 'FORM' || target.getBoundingClientRect().height > window.innerHeight * 0.4;

function AnchoredPanel({
  label,
  target,
  children,
}: {
  label: string;
  target: HTMLElement;
  children: React.ReactNode;
}) {
  const overlayRef = useRef<HTMLElement>(null);
  const targetRef = useMemo<RefObject<HTMLElement>>(() => ({ current: target }), [target]);
  // Beside a navigation item in the sidebar, below anything else.
  const isInSidebar = target.closest('nav') !== null && target.closest('dialog') === null;
  // React Aria's updatePosition is a callback made with useCallback, not a method that needs its object.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { overlayProps, placement, updatePosition } = useOverlayPosition({
    targetRef,
    overlayRef,
    placement: isInSidebar ? 'end top' : 'bottom start',
    offset: 12,
    shouldFlip: true,
    isOpen: true,
  });
  // The target moves with the page (a list loads above it, the page scrolls): the card follows it.
  useEffect(() => {
    const follow = () => updatePosition();
    window.addEventListener('scroll', follow, true);
    // Older browsers (and jsdom) have no ResizeObserver: the scroll and React Aria's own resize handling remain.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(follow) : null;
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', follow, true);
      observer?.disconnect();
    };
  }, [updatePosition]);
  return (
    <aside
      ref={overlayRef}
      {...overlayProps}
      aria-label={label}
      data-placement={placement ?? undefined}
      className="z-40 w-[min(22rem,calc(100vw-1.5rem))] rounded-2xl border border-border bg-surface p-4 shadow-xl ring-1 ring-primary/30 motion-safe:animate-pop-in"
    >
      {children}
    </aside>
  );
}
