import { create } from 'zustand';
import type { AppNotification } from './notification-list';
import { defaultNotificationStatus, mergeNotifications, removeNotificationById } from './notification-list';
import { registerStoreReset } from './store-reset';

/** The notification to announce now (the header's toast): spec 3 new-notification title, message, status. */
export interface NewNotification {
  title: string;
  message: string;
  /** 1 success or information (default), 0 an error. */
  status: number;
  /** One thing to do about it from the toast, such as "Undo" after a bulk change. */
  action?: NotificationAction | undefined;
}

export interface NotificationAction {
  label: string;
  onAction: () => void;
}

interface NotificationsState {
  notifications: AppNotification[];
  newNotification: NewNotification;
  actions: {
    /** Replaces the whole list, or (the default) merges new ones at the front, skipping ids already present. */
    addNotifications: (incoming: readonly AppNotification[], options?: { replace?: boolean }) => void;
    removeNotification: (id: string) => void;
    setNewNotification: (notification: {
      title?: string;
      message: string;
      status?: number;
      action?: NotificationAction;
    }) => void;
    clearNewNotification: () => void;
  };
}

const noNewNotification: NewNotification = { title: '', message: '', status: defaultNotificationStatus };
const initialState = { notifications: [], newNotification: noNewNotification };

const useNotificationsStore = create<NotificationsState>()((set) => ({
  ...initialState,
  actions: {
    addNotifications: (incoming, { replace = false } = {}) =>
      set((state) => ({
        notifications: replace ? [...incoming] : mergeNotifications(state.notifications, incoming),
      })),
    removeNotification: (id) =>
      set((state) => ({ notifications: removeNotificationById(state.notifications, id) })),
    setNewNotification: ({ title = '', message, status = defaultNotificationStatus, action }) =>
      set({ newNotification: { title, message, status, action } }),
    clearNewNotification: () => set({ newNotification: noNewNotification }),
  },
}));

registerStoreReset(() => useNotificationsStore.setState(initialState));

export const useNotifications = () => useNotificationsStore((state) => state.notifications);
export const useUnreadNotificationCount = () =>
  useNotificationsStore((state) => state.notifications.filter((notification) => !notification.read).length);
export const useNewNotification = () => useNotificationsStore((state) => state.newNotification);
export const useNotificationActions = () => useNotificationsStore((state) => state.actions);
