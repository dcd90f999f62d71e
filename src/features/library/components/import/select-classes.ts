/** The look of the review's React Aria selects: the same fields, lists and popovers as the app's other selects. */
export const selectButtonClass =
  'flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border bg-surface px-3 text-left text-base shadow-xs outline-none focus-visible:outline-2 focus-visible:-outline-offset-1 focus-visible:outline-ring disabled:opacity-60 sm:text-sm';
export const optionClass =
  'flex min-h-10 cursor-default flex-col justify-center rounded-lg px-3 py-1.5 text-sm text-foreground outline-none data-[focused]:bg-muted data-[selected]:font-semibold';
export const popoverClass =
  'w-(--trigger-width) min-w-64 overflow-auto rounded-xl border border-border bg-surface p-1 shadow-lg outline-none';
