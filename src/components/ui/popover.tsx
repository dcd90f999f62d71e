import type { ReactNode } from 'react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';

interface PopoverProps {
  /** What the trigger button shows. */
  trigger: ReactNode;
  /** The trigger's accessible name when its content is only an icon. */
  triggerLabel?: string;
  triggerClassName?: string;
  /** Names the panel for screen readers. */
  panelLabel: string;
  panelClassName?: string;
  /** Which edge of the trigger the panel lines up with. */
  align?: 'start' | 'end';
  children: (close: () => void) => ReactNode;
}

/**
 * A button that shows a small panel under it (the disclosure pattern): Escape, a click elsewhere or moving
 * focus out closes it; Escape and choosing something give focus back to the button.
 */
export function Popover({
  trigger,
  triggerLabel,
  triggerClassName = '',
  panelLabel,
  panelClassName = 'w-64',
  align = 'end',
  children,
}: PopoverProps) {
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const triggerId = `${panelId}-trigger`;

  const close = useCallback(
    (returnFocus: boolean = true) => {
      setIsOpen(false);
      if (returnFocus) document.getElementById(triggerId)?.focus();
    },
    [triggerId],
  );

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen, close]);

  return (
    <div
      ref={containerRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.stopPropagation();
          close();
        }
      }}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (isOpen && next instanceof Node && !event.currentTarget.contains(next)) close(false);
      }}
    >
      <button
        id={triggerId}
        type="button"
        aria-label={triggerLabel}
        title={triggerLabel}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {isOpen ? (
        <div
          id={panelId}
          role="group"
          aria-label={panelLabel}
          className={`absolute top-full z-40 mt-2 origin-top animate-pop-in rounded-xl border border-border bg-surface p-1.5 text-foreground shadow-xl ring-1 ring-black/5 ${
            align === 'end' ? 'right-0' : 'left-0'
          } ${panelClassName}`}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
