import { describe, expect, it } from 'vitest';
import { videoEmbed, videoLinkProblem } from './video-links';

describe('video links of exercises', () => {
  it('plays YouTube links in the privacy-enhanced player, with their start time', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(videoEmbed(link)).toMatchObject({
        kind: 'youtube',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      });
    }
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ?t=1m5s')).toMatchObject({
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=65',
    });
  });

  it('plays Vimeo links, unlisted ones with their hash', () => {
    expect(videoEmbed('https://vimeo.com/76979871')).toMatchObject({
      kind: 'vimeo',
      embedUrl: 'https://player.vimeo.com/video/76979871',
    });
    expect(videoEmbed('https://vimeo.com/76979871/8272103f6e')).toMatchObject({
      embedUrl: 'https://player.vimeo.com/video/76979871?h=8272103f6e',
    });
  });

  it('links to any other https page, and refuses what is not https', () => {
    expect(videoEmbed('https://coach.example.com/videos/split-squat.mp4')).toEqual({
      kind: 'link',
      url: 'https://coach.example.com/videos/split-squat.mp4',
    });
    expect(videoLinkProblem('http://youtu.be/dQw4w9WgXcQ')).toBe('Use a secure link (https://)');
    expect(videoLinkProblem('youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'Enter a full link starting with https://',
    );
    expect(videoEmbed('javascript:alert(1)')).toBeNull();
  });
});
