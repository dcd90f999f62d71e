import { create } from 'zustand';
import { registerStoreReset } from './store-reset';

interface NavigationDrawerState {
  isOpen: boolean;
  actions: {
    navigationOpened: () => void;
    navigationClosed: () => void;
  };
}

/**
 * The phone's navigation drawer (ADR 009), in a store rather than the layout's state: the guided tour opens it
 * for a step whose target is a navigation item (ADR 041).
 */
const useNavigationDrawerStore = create<NavigationDrawerState>()((set) => ({
  isOpen: false,
  actions: {
    navigationOpened: () => set({ isOpen: true }),
    navigationClosed: () => set({ isOpen: false }),
  },
}));

registerStoreReset(() => useNavigationDrawerStore.setState({ isOpen: false }));

export const useIsNavigationDrawerOpen = () => useNavigationDrawerStore((state) => state.isOpen);
export const useNavigationDrawerActions = () => useNavigationDrawerStore((state) => state.actions);
