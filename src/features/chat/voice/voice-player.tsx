import type { KeyboardEvent, MouseEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { PauseIcon, PlayIcon } from '../attachments/attachment-icons';
import { formatClock, waveformBars } from './voice-format';

interface VoicePlayerProps {
  /** The file's link, or a local object URL while it is still on the device. */
  src: string | null;
  /** Known from the recording; a browser reports a recorded WebM's length as Infinity. */
  durationMs: number | null;
  waveform: number[] | null;
  label?: string;
}

const barCount = 40;
const seekStepMs = 5000;

/** A voice message: play and pause, its waveform filling as it plays, where it is and how long it lasts. */
export function VoicePlayer({ src, durationMs, waveform, label = 'Voice message' }: VoicePlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  const [positionMs, setPositionMs] = useState(0);
  const [mediaDurationMs, setMediaDurationMs] = useState<number | null>(null);
  const totalMs = durationMs ?? mediaDurationMs ?? 0;
  const played = totalMs > 0 ? Math.min(1, positionMs / totalMs) : 0;
  const bars = waveformBars(waveform, barCount);

  // While playing, follow the audio every frame: `timeupdate` alone moves the bars in quarter-second jumps.
  useEffect(() => {
    if (!isPlaying) return undefined;
    let frame = requestAnimationFrame(function follow() {
      if (audioRef.current) setPositionMs(audioRef.current.currentTime * 1000);
      frame = requestAnimationFrame(follow);
    });
    return () => cancelAnimationFrame(frame);
  }, [isPlaying]);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (isPlaying) audio.pause();
    else void audio.play().catch(() => setIsPlaying(false));
  };

  const seekTo = (milliseconds: number) => {
    const audio = audioRef.current;
    if (!audio || totalMs <= 0) return;
    const target = Math.min(totalMs, Math.max(0, milliseconds));
    audio.currentTime = target / 1000;
    setPositionMs(target);
  };

  const seekByClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) seekTo(((event.clientX - box.left) / box.width) * totalMs);
  };

  const seekByKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: positionMs + seekStepMs,
      ArrowUp: positionMs + seekStepMs,
      ArrowLeft: positionMs - seekStepMs,
      ArrowDown: positionMs - seekStepMs,
      Home: 0,
      End: totalMs,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    seekTo(target);
  };

  return (
    <div className="flex h-14 w-64 max-w-full items-center gap-3 rounded-2xl border border-border bg-surface px-2.5">
      <audio
        ref={audioRef}
        src={src ?? undefined}
        preload="metadata"
        onPlay={() => setIsPlaying(true)}
        onPause={() => setIsPlaying(false)}
        onEnded={() => {
          setIsPlaying(false);
          setPositionMs(0);
        }}
        onTimeUpdate={(event) => setPositionMs(event.currentTarget.currentTime * 1000)}
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds)) setMediaDurationMs(seconds * 1000);
        }}
      />
      <button
        type="button"
        onClick={toggle}
        disabled={src === null}
        aria-label={isPlaying ? `Pause ${label.toLowerCase()}` : `Play ${label.toLowerCase()}`}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
      >
        {isPlaying ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4 translate-x-px" />}
      </button>
      <div
        role="slider"
        tabIndex={0}
        aria-label={`Position in the ${label.toLowerCase()}`}
        aria-valuemin={0}
        aria-valuemax={Math.round(totalMs / 1000)}
        aria-valuenow={Math.round(positionMs / 1000)}
        aria-valuetext={`${formatClock(positionMs)} of ${formatClock(totalMs)}`}
        onClick={seekByClick}
        onKeyDown={seekByKey}
        className="flex h-8 min-w-0 flex-1 cursor-pointer items-center gap-[2px] rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {bars.map((peak, index) => (
          <span
            key={index}
            aria-hidden="true"
            style={{ height: `${Math.round(peak * 100)}%` }}
            className={`min-h-[3px] flex-1 rounded-full transition-colors ${
              (index + 0.5) / barCount <= played ? 'bg-primary' : 'bg-border-strong'
            }`}
          />
        ))}
      </div>
      <span className="w-10 shrink-0 text-right text-xs font-medium text-muted-foreground tabular-nums">
        {formatClock(isPlaying || positionMs > 0 ? positionMs : totalMs)}
      </span>
    </div>
  );
}
