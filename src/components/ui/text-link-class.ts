/** The look of an inline text link (works on router `Link` and plain anchors alike). */
export const textLinkClass =
  'rounded font-medium text-primary-ink underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
