import type { ReactNode } from 'react';
import type { Icon } from '@/components/ui/icons';

/** One card of the dashboard, which the user can hide and show again (spec 3 "Widgets visibility"). */
export interface DashboardWidget {
  /** Stable: it is what the hidden-widgets choice stores. */
  id: string;
  title: string;
  /** One line for the Customize list. */
  description: string;
  icon: Icon;
  content: ReactNode;
  /** Takes the whole row on wide screens. */
  wide?: boolean;
  /** Comes before the built-in widgets (an athlete's questionnaires of today). */
  first?: boolean;
}
