import { firebaseConfig } from '@/lib/firebase/firebase-config';
import { supportsPush } from '@/lib/pwa/device';

/** Whether this device can get the pushes the settings choose, and if not, why. */
export type PushAvailability = 'not-configured' | 'unsupported' | 'denied' | 'default' | 'granted';

export function pushAvailability(): PushAvailability {
  if (!firebaseConfig) return 'not-configured';
  if (!supportsPush()) return 'unsupported';
  return Notification.permission;
}

/** What the settings say above the switches when this device will not push; null when it will (or may ask). */
export function pushAvailabilityNotice(
  availability: PushAvailability,
): { title: string; text: string } | null {
  switch (availability) {
    case 'not-configured':
      return {
        title: 'Push notifications are not set up for this app yet.',
        text: 'Your choices are saved and apply once they are. Meanwhile notifications arrive in the app (the bell).',
      };
    case 'unsupported':
      return {
        title: 'This browser cannot show push notifications.',
        text: 'Your choices are saved and apply on your devices that can. On an iPhone, add the app to your Home Screen first.',
      };
    case 'denied':
      return {
        title: 'Notifications are blocked for this app in this browser.',
        text: 'Allow them in the browser’s site settings to get pushes here. Your choices are saved and apply on your other devices.',
      };
    default:
      return null;
  }
}

/**
 * Tells `onChange` when the browser's notification permission changes (the first-click prompt, or the site settings),
 * where the Permissions API can say so; elsewhere the notice is read again on the next render.
 */
export function subscribeToPushPermission(onChange: () => void): () => void {
  let status: PermissionStatus | undefined;
  let isStopped = false;
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((found) => {
      if (isStopped) return;
      status = found;
      status.addEventListener('change', onChange);
    })
    .catch(() => undefined);
  return () => {
    isStopped = true;
    status?.removeEventListener('change', onChange);
  };
}
