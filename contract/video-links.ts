// zod-free: the server validates links with it and the exercise screens draw the player from it.

/** Where an exercise's video plays: in an embedded player (YouTube, Vimeo) or behind a plain link. */
export type VideoEmbed =
  | { kind: 'youtube'; videoId: string; embedUrl: string }
  | { kind: 'vimeo'; videoId: string; embedUrl: string }
  | { kind: 'link'; url: string };

/** The players' origins, for the Content-Security-Policy's frame-src. */
export const videoPlayerOrigins = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

export const videoLinkMaxLength = 2000;

const youtubeHosts = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const youtubeId = /^[A-Za-z0-9_-]{11}$/;

/** `90`, `1m30s`, `1h2m3s` (YouTube's t= forms) in whole seconds, or null. */
function startSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || value === '') return null;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

function youtubeVideoId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return segments[0] ?? null;
  if (host === 'www.youtube-nocookie.com' || host === 'youtube-nocookie.com') {
    return segments[0] === 'embed' ? (segments[1] ?? null) : null;
  }
  if (!youtubeHosts.has(host)) return null;
  if (segments[0] === 'watch') return url.searchParams.get('v');
  if (segments[0] === 'shorts' || segments[0] === 'embed' || segments[0] === 'live')
    return segments[1] ?? null;
  return null;
}

function vimeoEmbed(url: URL): VideoEmbed | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get('h');
  if (host === 'player.vimeo.com' && segments[0] === 'video') id = segments[1];
  else if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    id = segments[0];
    // Unlisted videos: vimeo.com/<id>/<hash>
    if (segments[1] && /^[0-9a-f]+$/i.test(segments[1])) hash = segments[1];
  }
  if (!id || !/^\d+$/.test(id)) return null;
  const query = hash ? `?h=${encodeURIComponent(hash)}` : '';
  return { kind: 'vimeo', videoId: id, embedUrl: `https://player.vimeo.com/video/${id}${query}` };
}

/** What is wrong with a video link, or null when it is a usable https URL. */
export function videoLinkProblem(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return 'Enter a full link starting with https://';
  }
  if (url.protocol !== 'https:') return 'Use a secure link (https://)';
  if (!url.hostname.includes('.')) return 'Enter a full link starting with https://';
  return null;
}

/** How to show a video link: YouTube and Vimeo play in place; any other https link opens in a new tab. */
export function videoEmbed(link: string): VideoEmbed | null {
  if (videoLinkProblem(link)) return null;
  const url = new URL(link);
  const id = youtubeVideoId(url);
  if (id && youtubeId.test(id)) {
    const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
    const query = start ? `?start=${start}` : '';
    return { kind: 'youtube', videoId: id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}${query}` };
  }
  return vimeoEmbed(url) ?? { kind: 'link', url: url.toString() };
}
