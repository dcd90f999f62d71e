import { createIcon } from '@/components/ui/icons';

/** A pulse line: what happened lately. */
export const ActivityIcon = createIcon(<path d="M22 12h-4l-3 9L9 3l-3 9H2" />);
/** A trophy: records. */
export const TrophyIcon = createIcon(
  <path d="M8 21h8m-4-4v4m-5-17h10v5a5 5 0 0 1-10 0V4Zm10 1h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />,
);
/** Bars: the week's compliance. */
export const ChartBarsIcon = createIcon(<path d="M4 20V10m6 10V4m6 16v-7m4 7H2" />);
/** A baseball: throwing. */
export const BaseballIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M6.6 4.8a9 9 0 0 1 0 14.4M17.4 4.8a9 9 0 0 0 0 14.4" />
  </>,
);
