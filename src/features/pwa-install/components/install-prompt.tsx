import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authQueries } from '@/lib/auth/auth-queries';
import { useAppliedSettings } from '@/lib/branding/applied-settings';
import { dismissInstallPrompt, INSTALL_PROMPT_DELAY_MS, shouldShowInstallPrompt } from '@/lib/pwa/device';
import '@/lib/pwa/install-prompt-event';
import { brandingFrom } from '@/lib/settings/settings-queries';
import { InstallGuideSheet } from './install-guide-sheet';

/**
 * Spec 4: a signed-in user on a phone that has not installed the app sees the install guide 3 s after the
 * signed-in area starts, once: closing it stores the dismissal. Mounted once by the signed-in frame.
 */
export function InstallPrompt() {
  // The /app guard has loaded the session; this reads it without fetching again.
  const { data: me } = useQuery({ ...authQueries.me(), enabled: false });
  const appliedSettings = useAppliedSettings((settings) => settings);
  const [isVisible, setIsVisible] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (shouldShowInstallPrompt()) setIsVisible(true);
    }, INSTALL_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const close = () => {
    dismissInstallPrompt();
    setIsVisible(false);
  };

  const { organizationName, logoUrl } = brandingFrom(me?.organization ?? appliedSettings);

  return (
    <InstallGuideSheet isVisible={isVisible} onClose={close} orgName={organizationName} orgLogo={logoUrl} />
  );
}
