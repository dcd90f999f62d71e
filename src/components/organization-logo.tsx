import { useState } from 'react';
import { defaultLogoUrl } from '@/lib/settings/settings-queries';

interface OrganizationLogoProps {
  src: string;
  organizationName: string;
  /** Size classes; width and height are fixed so the image never shifts the layout while it loads. */
  className?: string;
}

/** The organisation's logo, falling back to the platform logo when its image cannot be loaded. */
export function OrganizationLogo({ src, organizationName, className = 'size-12' }: OrganizationLogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? defaultLogoUrl : src;
  return (
    <img
      src={shown}
      alt={`${organizationName} logo`}
      width={96}
      height={96}
      decoding="async"
      className={`shrink-0 rounded-xl object-contain ${className}`}
      onError={() => {
        if (shown !== defaultLogoUrl) setFailedSrc(src);
      }}
    />
  );
}
