import { useHasRunningCalls } from '@/lib/api/request-activity';

/**
 * Spec 9's global loading indicator: a thin bar across the top of the window while API calls run (those of
 * the spec's list excepted, see request-activity.ts). Fixed in place, so it never moves the layout; it fades
 * in after 150 ms, so quick calls do not flicker it.
 */
export function GlobalLoadingIndicator() {
  const isBusy = useHasRunningCalls();
  // The bar sits outside the page's landmarks: a polite live region holds it, so it belongs to one (axe "region").
  return (
    <div aria-live="polite">
      {isBusy ? (
        <div
          role="progressbar"
          aria-label="Loading"
          className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1 transition-opacity delay-150 duration-150 starting:opacity-0"
        >
          <div className="h-full w-full animate-pulse bg-primary motion-reduce:animate-none" />
        </div>
      ) : null}
    </div>
  );
}
