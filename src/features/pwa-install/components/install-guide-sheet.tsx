import type { ReactNode } from 'react';
import { useId, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { CloseIcon, DownloadIcon, MoreVerticalIcon, ShareIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { DialogFrame } from '@/components/ui/dialog-frame';
import type { InstallPlatform } from '@/lib/pwa/device';
import { detectInstallPlatform } from '@/lib/pwa/device';
import {
  getDeferredInstallPrompt,
  promptInstall,
  subscribeToInstallPrompt,
} from '@/lib/pwa/install-prompt-event';
import { defaultLogoUrl } from '@/lib/settings/settings-queries';

export interface InstallGuideSheetProps {
  isVisible: boolean;
  onClose: () => void;
  orgName: string;
  /** The organisation's logo; the platform's default logo when there is none. */
  orgLogo?: string | null;
  /** Which instructions to give; by default those for the device the page runs on. */
  platform?: InstallPlatform;
}

interface InstallStep {
  icon?: ReactNode;
  text: string;
}

/** Spec 2's instructions, word for word, split at the comma into the steps a user follows. */
const stepsByPlatform: Record<InstallPlatform, InstallStep[]> = {
  ios: [
    { icon: <ShareIcon className="size-4" />, text: 'Tap the share button below,' },
    { text: "then 'Add to Home Screen'." },
  ],
  android: [
    { icon: <MoreVerticalIcon className="size-4" />, text: 'Tap the browser menu,' },
    { text: "then 'Add to Home screen' or 'Install app'." },
  ],
  other: [{ text: "Use the browser menu to 'Add to Home Screen' or 'Install'." }],
};

function useDeferredInstallPrompt() {
  return useSyncExternalStore(subscribeToInstallPrompt, getDeferredInstallPrompt, () => null);
}

/** The organisation's logo in the header; a logo that fails to load is hidden rather than shown broken. */
function SheetLogo({ src, orgName }: { src: string; orgName: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return null;
  return (
    <img
      src={src}
      alt={`${orgName} logo`}
      width={96}
      height={96}
      decoding="async"
      className="size-12 shrink-0 rounded-xl object-contain"
      onError={() => setFailedSrc(src)}
    />
  );
}

/**
 * The install guide bottom sheet of spec 2: a platform `<dialog>` rising from the bottom edge over a dimmed
 * backdrop (focus moves in and comes back, Escape closes), with the organisation's logo and name and the
 * steps for this device. Where the browser offered its own install (`beforeinstallprompt`), an Install
 * button opens it.
 */
export function InstallGuideSheet({
  isVisible,
  onClose,
  orgName,
  orgLogo,
  platform = detectInstallPlatform(),
}: InstallGuideSheetProps) {
  const titleId = useId();
  const descriptionId = useId();
  const deferredPrompt = useDeferredInstallPrompt();
  const [isInstalling, setIsInstalling] = useState(false);
  const logo = orgLogo?.trim() ? orgLogo.trim() : defaultLogoUrl;

  const install = async () => {
    setIsInstalling(true);
    try {
      if (await promptInstall()) onClose();
    } catch (error) {
      // The browser refused to show its dialog; the written steps still apply (spec 8: console only).
      console.error('Install prompt failed:', error);
    } finally {
      setIsInstalling(false);
    }
  };

  return (
    <DialogFrame
      isOpen={isVisible}
      onDismiss={onClose}
      labelledBy={titleId}
      describedBy={descriptionId}
      className="m-0 mt-auto w-full max-w-none overflow-hidden rounded-t-2xl border border-b-0 border-border bg-surface p-0 text-foreground shadow-2xl open:animate-slide-up sm:mx-auto sm:max-w-md"
    >
      <div className="px-5 pt-3 pb-[calc(1.25rem+env(safe-area-inset-bottom))]">
        <div aria-hidden="true" className="mx-auto mb-3 h-1 w-10 rounded-full bg-border" />
        <div className="flex items-start gap-3">
          <SheetLogo src={logo} orgName={orgName} />
          <div className="min-w-0 flex-1 pt-1">
            <h2 id={titleId} className="text-lg font-semibold tracking-tight text-foreground">
              Install {orgName}
            </h2>
            <p id={descriptionId} className="text-sm text-muted-foreground">
              Get the full app experience
            </p>
          </div>
          <IconButton label="Close" onClick={onClose} className="-mt-1 -mr-2">
            <CloseIcon />
          </IconButton>
        </div>

        {/* The numbers are CSS counters: the list already says "1 of 2" to a screen reader. */}
        <ol aria-label="How to install" className="mt-5 space-y-3 [counter-reset:install-step]">
          {stepsByPlatform[platform].map((step) => (
            <li
              key={step.text}
              className="flex items-center gap-3 text-sm text-foreground [counter-increment:install-step] before:flex before:size-7 before:shrink-0 before:items-center before:justify-center before:rounded-full before:bg-primary-soft before:text-xs before:font-semibold before:text-primary-ink before:content-[counter(install-step)]"
            >
              <span className="flex-1">{step.text}</span>
              {step.icon ? <span className="text-muted-foreground">{step.icon}</span> : null}
            </li>
          ))}
        </ol>

        {deferredPrompt ? (
          <Button
            className="mt-5 w-full"
            isPending={isInstalling}
            pendingLabel="Installing…"
            onClick={() => void install()}
          >
            <DownloadIcon className="size-4" />
            Install
          </Button>
        ) : null}
      </div>
    </DialogFrame>
  );
}
