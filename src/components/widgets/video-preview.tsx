import { videoEmbed } from '@contract/video-links';
import { ExternalLinkIcon } from '@/components/ui/icons';

/** An exercise's video: YouTube and Vimeo play in place, any other https link opens in a new tab. */
export function VideoPreview({ link, title }: { link: string | null; title: string }) {
  const embed = link ? videoEmbed(link.trim()) : null;
  if (!embed) return null;
  if (embed.kind === 'link') {
    return (
      <a
        href={embed.url}
        target="_blank"
        rel="noreferrer noopener"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-ink underline-offset-2 hover:underline"
      >
        Watch the video
        <ExternalLinkIcon className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return (
    <div className="aspect-video w-full overflow-hidden rounded-xl border border-border bg-black">
      <iframe
        src={embed.embedUrl}
        title={`Video: ${title || 'exercise'}`}
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
        className="size-full"
      />
    </div>
  );
}
