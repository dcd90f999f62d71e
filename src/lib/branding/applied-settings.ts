import type { Settings } from '@contract';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * The settings the page is branded with right now: the cached ones at start, then the fresh ones. Read by
 * places that cannot wait for a query (the error pages' support mailbox, the error report's organisation tag).
 */
const appliedSettingsStore = createStore<{ settings: Settings | null }>(() => ({ settings: null }));

export const setAppliedSettings = (settings: Settings | null): void =>
  appliedSettingsStore.setState({ settings });
export const getAppliedSettings = (): Settings | null => appliedSettingsStore.getState().settings;
export const useAppliedSettings = <T>(select: (settings: Settings | null) => T): T =>
  useStore(appliedSettingsStore, (state) => select(state.settings));
