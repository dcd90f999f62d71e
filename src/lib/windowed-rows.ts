import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';

/*
 * Long lists drawn a window at a time: a workout's pitches and throws (issue 22: up to 1,000, and a phone laying
 * out 1,000 table rows of ten cells each stalls) and a conversation read far back (issue 25). The list scrolls in its own box (at most `maxHeight` px
 * tall); only the rows in view and a few either side are in the page, with spacers for the rest. A short list (a
 * bullpen's 20–100 pitches) is drawn whole: nothing to gain, and find-in-page and printing see every row.
 */

/** Lists longer than this are windowed. */
export const windowedFrom = 100;

export interface WindowedRows {
  /** The indexes to draw now, in order. */
  indexes: number[];
  /** The height (px) of the rows above and below the drawn ones, for the spacers. */
  before: number;
  after: number;
  /** For each drawn row's `ref`, with its index in `data-index`: rows taller than estimated are measured. */
  measure: (element: Element | null) => void;
  isWindowed: boolean;
}

export function useWindowedRows<E extends HTMLElement>({
  scrollRef,
  count,
  rowHeight,
  maxHeight,
}: {
  /** The scrolling box: the element with `max-height` and `overflow: auto`. */
  scrollRef: RefObject<E | null>;
  count: number;
  /** A row's usual height, px. */
  rowHeight: number;
  /** The box's most height, px (its `max-height`). */
  maxHeight: number;
}): WindowedRows {
  const isWindowed = count > windowedFrom;
  // The React Compiler is not in this build; if it comes, the callers of this hook need 'use no memo' (the
  // virtualizer's reads change under a stable instance, facebook/react#34493).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<E, Element>({
    count: isWindowed ? count : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    // A box that has no layout (jsdom, or not shown yet) is taken at its most height rather than none.
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) =>
        report(rect.height > 0 ? rect : { width: rect.width, height: maxHeight }),
      ),
    measureElement: (element) => {
      const height = element.getBoundingClientRect().height;
      return height > 0 ? height : rowHeight;
    },
  });
  if (!isWindowed) {
    return {
      indexes: Array.from({ length: count }, (_, index) => index),
      before: 0,
      after: 0,
      measure: () => undefined,
      isWindowed,
    };
  }
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1);
  return {
    indexes: items.map((item) => item.index),
    before: items[0]?.start ?? 0,
    after: last ? virtualizer.getTotalSize() - last.end : 0,
    measure: virtualizer.measureElement,
    isWindowed,
  };
}
