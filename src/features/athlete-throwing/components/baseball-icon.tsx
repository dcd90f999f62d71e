import { createIcon } from '@/components/ui/icons';

/** A baseball: a circle and its two seams. */
export const BaseballIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M6.6 4.8a9 9 0 0 1 0 14.4M17.4 4.8a9 9 0 0 0 0 14.4" />
  </>,
);
