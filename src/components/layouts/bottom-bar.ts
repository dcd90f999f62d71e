import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variable the offline notice sits above, so it never covers a page's own bar at the bottom. */
export const bottomBarVariable = '--app-bottom-bar';

/**
 * Keeps `--app-bottom-bar` at the height of a bar fixed to the bottom of the window (0 while the bar is not
 * fixed, as on a wide screen where it stays in the page), for as long as the bar is on screen.
 */
export function useBottomBar(bar: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => {
      const fixed = getComputedStyle(element).position === 'fixed';
      root.style.setProperty(bottomBarVariable, `${fixed ? element.offsetHeight : 0}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(bottomBarVariable);
    };
  }, [bar]);
}
