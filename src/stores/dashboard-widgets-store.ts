import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The localStorage key of the dashboard's widget choices. */
export const dashboardWidgetsStorageKey = 'dashboard-widgets';

interface DashboardWidgetsState {
  /**
   * Hidden widget ids per user id. Widgets are visible by default (spec 3), so only what someone hid is
   * kept, and a widget added later shows up for everyone. Per user: a shared device keeps each person's own.
   */
  hiddenByUser: Record<string, string[]>;
  actions: {
    widgetHidden: (userId: string, widgetId: string) => void;
    widgetShown: (userId: string, widgetId: string) => void;
    allWidgetsShown: (userId: string) => void;
  };
}

const noWidgetsHidden: readonly string[] = [];

const useDashboardWidgetsStore = create<DashboardWidgetsState>()(
  persist(
    (set) => ({
      hiddenByUser: {},
      actions: {
        widgetHidden: (userId, widgetId) =>
          set(({ hiddenByUser }) => {
            const hidden = hiddenByUser[userId] ?? [];
            if (hidden.includes(widgetId)) return {};
            return { hiddenByUser: { ...hiddenByUser, [userId]: [...hidden, widgetId] } };
          }),
        widgetShown: (userId, widgetId) =>
          set(({ hiddenByUser }) => ({
            hiddenByUser: {
              ...hiddenByUser,
              [userId]: (hiddenByUser[userId] ?? []).filter((id) => id !== widgetId),
            },
          })),
        allWidgetsShown: (userId) =>
          set(({ hiddenByUser }) => {
            const { [userId]: _shown, ...others } = hiddenByUser;
            return { hiddenByUser: others };
          }),
      },
    }),
    {
      name: dashboardWidgetsStorageKey,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ hiddenByUser }) => ({ hiddenByUser }),
    },
  ),
);

/** The widget ids this user has hidden (a stable empty list when none). */
export const useHiddenWidgetIds = (userId: string): readonly string[] =>
  useDashboardWidgetsStore((state) => state.hiddenByUser[userId] ?? noWidgetsHidden);
export const useDashboardWidgetsActions = () => useDashboardWidgetsStore((state) => state.actions);

/** Re-reads localStorage (another tab, or a test that seeded it). */
export const reloadDashboardWidgets = () => useDashboardWidgetsStore.persist.rehydrate();

// Another tab changed the choice: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === dashboardWidgetsStorageKey) void reloadDashboardWidgets();
  });
}
