import { createIcon } from '@/components/ui/icons';

// The library's own icons (after Lucide, ISC licence): here rather than in the shared set, so the first screen does not carry them.
export const ArchiveIcon = createIcon(<path d="M21 8v13H3V8M1 3h22v5H1zm9 9h4" />);
export const RestoreIcon = createIcon(<path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8m0-5v5h5" />);
export const CopyIcon = createIcon(
  <path d="M8 8h12a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2zm-4 8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2" />,
);
export const PlayIcon = createIcon(<path d="m6 3 14 9-14 9z" />);
export const CopyDownIcon = createIcon(<path d="M12 3v14m-6-6 6 6 6-6M5 21h14" />);
export const WandIcon = createIcon(
  <path d="m15 4-1 1m5 5-1 1M9 3v2m12 4h-2M4 20 14.5 9.5m0 0 1.5-1.5-1-1-1.5 1.5zM17 14l-1 1m-7-9L8 5" />,
);
