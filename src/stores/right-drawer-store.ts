import { create } from 'zustand';
import { registerStoreReset } from './store-reset';

/** The bodies the right-hand drawer can show; the app shell maps each to a component (spec 3). */
export const rightDrawerBodyTypes = {
  notifications: 'notifications',
} as const;
export type RightDrawerBodyType = (typeof rightDrawerBodyTypes)[keyof typeof rightDrawerBodyTypes];

interface RightDrawerFields {
  header: string;
  isOpen: boolean;
  bodyType: RightDrawerBodyType | null;
  extraObject: unknown;
}

export interface OpenRightDrawerOptions {
  header: string;
  bodyType: RightDrawerBodyType;
  extraObject?: unknown;
}

const closedDrawer: RightDrawerFields = { header: '', isOpen: false, bodyType: null, extraObject: null };

interface RightDrawerState extends RightDrawerFields {
  actions: {
    openRightDrawer: (options: OpenRightDrawerOptions) => void;
    /** Spec 4: closing resets every field. */
    closeRightDrawer: () => void;
  };
}

const useRightDrawerStore = create<RightDrawerState>()((set) => ({
  ...closedDrawer,
  actions: {
    openRightDrawer: ({ header, bodyType, extraObject = null }) =>
      set({ header, bodyType, extraObject, isOpen: true }),
    closeRightDrawer: () => set(closedDrawer),
  },
}));

registerStoreReset(() => useRightDrawerStore.setState(closedDrawer));

export const useRightDrawerIsOpen = () => useRightDrawerStore((state) => state.isOpen);
export const useRightDrawerHeader = () => useRightDrawerStore((state) => state.header);
export const useRightDrawerBodyType = () => useRightDrawerStore((state) => state.bodyType);
export const useRightDrawerExtraObject = () => useRightDrawerStore((state) => state.extraObject);
export const useRightDrawerActions = () => useRightDrawerStore((state) => state.actions);
