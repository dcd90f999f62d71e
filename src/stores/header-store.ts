import { useEffect } from 'react';
import { create } from 'zustand';
import { registerStoreReset } from './store-reset';

/** Spec 2: "A page title that defaults to Home". */
export const defaultPageTitle = 'Home';

interface HeaderState {
  pageTitle: string;
  actions: {
    pageTitleChanged: (pageTitle: string) => void;
    pageTitleReset: () => void;
  };
}

const useHeaderStore = create<HeaderState>()((set) => ({
  pageTitle: defaultPageTitle,
  actions: {
    pageTitleChanged: (pageTitle) => set({ pageTitle }),
    pageTitleReset: () => set({ pageTitle: defaultPageTitle }),
  },
}));

registerStoreReset(() => useHeaderStore.setState({ pageTitle: defaultPageTitle }));

export const usePageTitle = () => useHeaderStore((state) => state.pageTitle);
export const useHeaderActions = () => useHeaderStore((state) => state.actions);

/**
 * A screen names itself in the header while it is shown, and gives the default back when it goes, so a
 * screen that names nothing (the dashboard) reads "Home".
 */
export function useScreenTitle(pageTitle: string = defaultPageTitle): void {
  const { pageTitleChanged, pageTitleReset } = useHeaderActions();
  useEffect(() => {
    pageTitleChanged(pageTitle);
    return pageTitleReset;
  }, [pageTitle, pageTitleChanged, pageTitleReset]);
}
