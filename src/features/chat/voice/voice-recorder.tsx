import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { TrashIcon } from '@/components/ui/icons';
import type { DeviceAttachment } from '@/lib/chat-uploads/device-attachment';
import { prepareAttachment } from '@/lib/chat-uploads/prepare-attachment';
import { MicIcon, SendIcon } from '../attachments/attachment-icons';
import { useChosenMicrophone } from './chosen-microphone';
import { formatClock, waveformBars, waveformOfSamples } from './voice-format';

/** Opus in WebM where the browser records it (Chromium, Firefox), else AAC in MP4 (Safari). */
export const recordingTypes = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];
/** A tap that starts and stops at once sends nothing. */
export const shortestRecordingMs = 500;
/** About 5 MB of Opus: well under the 20 MB limit of a voice message. */
export const longestRecordingMs = 10 * 60_000;
const sampleEveryMs = 50;
const liveBarCount = 28;

type RecorderState =
  | { step: 'idle'; message: string | null }
  | { step: 'starting' }
  | { step: 'recording'; startedAt: number; elapsedMs: number; livePeaks: number[]; notice: string | null }
  | { step: 'saving' };

interface Recording {
  stream: MediaStream;
  recorder: MediaRecorder;
  audioContext: AudioContext | null;
  chunks: Blob[];
  samples: number[];
  timer: ReturnType<typeof setInterval> | null;
  startedAt: number;
  keep: boolean;
}

function recordingType(): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return recordingTypes.find((type) => MediaRecorder.isTypeSupported(type));
}

/** The recording's type as an attachment: an audio-only WebM some browsers call `video/webm`. */
const audioTypeOf = (type: string) => (type.startsWith('video/') ? type.replace('video/', 'audio/') : type);
const extensionOf = (type: string) => (type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : 'webm');

/** A media error's name; some engines' DOMException is not an Error. */
const errorName = (error: unknown) =>
  error instanceof DOMException || error instanceof Error ? error.name : '';

function microphoneProblem(error: unknown): string {
  const name = errorName(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Microphone access is blocked. Allow it in your browser’s site settings to record a voice message.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No microphone was found on this device.';
  if (name === 'NotReadableError') return 'The microphone is in use by another app. Close it and try again.';
  return 'The microphone could not be started. Try again.';
}

/** The loudest sample of the analyser's last window, 0 to 1. */
function peakOf(analyser: AnalyserNode, buffer: Uint8Array<ArrayBuffer>): number {
  analyser.getByteTimeDomainData(buffer);
  let peak = 0;
  for (const value of buffer) peak = Math.max(peak, Math.abs(value - 128) / 128);
  return peak;
}

function release(recording: Recording): void {
  if (recording.timer !== null) clearInterval(recording.timer);
  for (const track of recording.stream.getTracks()) track.stop();
  void recording.audioContext?.close().catch(() => undefined);
}

/**
 * The composer's microphone: a press starts recording with the chosen microphone (`currentAudioDevice`), the
 * running time and a live waveform show, Send stops and hands over the voice message, the bin throws it away.
 */
export function VoiceRecorder({
  onRecorded,
  disabled = false,
}: {
  onRecorded: (attachment: DeviceAttachment) => void;
  disabled?: boolean;
}) {
  const [microphone] = useChosenMicrophone();
  const [state, setState] = useState<RecorderState>({ step: 'idle', message: null });
  const recordingRef = useRef<Recording | null>(null);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  // Leaving the screen mid-recording throws the recording away and frees the microphone.
  useEffect(
    () => () => {
      const recording = recordingRef.current;
      recordingRef.current = null;
      if (!recording) return;
      recording.keep = false;
      if (recording.recorder.state !== 'inactive') recording.recorder.stop();
      release(recording);
    },
    [],
  );

  const openMicrophone = async (): Promise<{ stream: MediaStream; notice: string | null }> => {
    if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No media devices', 'NotFoundError');
    if (!microphone)
      return { stream: await navigator.mediaDevices.getUserMedia({ audio: true }), notice: null };
    try {
      const audio = { deviceId: { exact: microphone.deviceId } };
      return { stream: await navigator.mediaDevices.getUserMedia({ audio }), notice: null };
    } catch (error) {
      if (!['OverconstrainedError', 'NotFoundError'].includes(errorName(error))) throw error;
      // The chosen microphone is unplugged: record with the default one, and say so.
      return {
        stream: await navigator.mediaDevices.getUserMedia({ audio: true }),
        notice: `${microphone.label || 'The chosen microphone'} is not connected: recording with the default microphone.`,
      };
    }
  };

  const finish = async (recording: Recording) => {
    release(recording);
    if (recordingRef.current === recording) recordingRef.current = null;
    if (!recording.keep) return;
    const durationMs = Date.now() - recording.startedAt;
    if (durationMs < shortestRecordingMs) {
      setState({ step: 'idle', message: 'Too short to send: press the microphone, speak, then Send.' });
      return;
    }
    const type = audioTypeOf(recording.recorder.mimeType || recording.chunks[0]?.type || 'audio/webm');
    const voice = new Blob(recording.chunks, { type });
    try {
      const attachment = await prepareAttachment(voice, `Voice message.${extensionOf(type)}`, {
        durationMs,
        waveform: waveformOfSamples(recording.samples),
      });
      setState({ step: 'idle', message: null });
      onRecordedRef.current(attachment);
    } catch (error) {
      setState({
        step: 'idle',
        message: error instanceof Error ? error.message : 'The recording could not be kept.',
      });
    }
  };

  const start = async () => {
    if (typeof MediaRecorder === 'undefined') {
      setState({ step: 'idle', message: 'This browser cannot record audio. Try another browser.' });
      return;
    }
    setState({ step: 'starting' });
    let opened: { stream: MediaStream; notice: string | null };
    try {
      opened = await openMicrophone();
    } catch (error) {
      setState({ step: 'idle', message: microphoneProblem(error) });
      return;
    }
    const type = recordingType();
    const recorder = new MediaRecorder(opened.stream, type ? { mimeType: type } : undefined);
    const recording: Recording = {
      stream: opened.stream,
      recorder,
      audioContext: null,
      chunks: [],
      samples: [],
      timer: null,
      startedAt: Date.now(),
      keep: true,
    };
    recordingRef.current = recording;
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) recording.chunks.push(event.data);
    });
    recorder.addEventListener('stop', () => void finish(recording));
    let analyser: AnalyserNode | null = null;
    try {
      recording.audioContext = new AudioContext();
      analyser = recording.audioContext.createAnalyser();
      analyser.fftSize = 1024;
      recording.audioContext.createMediaStreamSource(opened.stream).connect(analyser);
    } catch {
      // No Web Audio: it records all the same, with a flat waveform.
      analyser = null;
    }
    const buffer = new Uint8Array(analyser?.fftSize ?? 0);
    recorder.start(1000);
    recording.startedAt = Date.now();
    setState({
      step: 'recording',
      startedAt: recording.startedAt,
      elapsedMs: 0,
      livePeaks: [],
      notice: opened.notice,
    });
    recording.timer = setInterval(() => {
      const peak = analyser ? peakOf(analyser, buffer) : 0;
      recording.samples.push(peak);
      const elapsedMs = Date.now() - recording.startedAt;
      if (elapsedMs >= longestRecordingMs) stop(true);
      setState((current) =>
        current.step === 'recording'
          ? { ...current, elapsedMs, livePeaks: [...current.livePeaks, peak].slice(-liveBarCount) }
          : current,
      );
    }, sampleEveryMs);
  };

  function stop(keep: boolean) {
    const recording = recordingRef.current;
    if (!recording) return;
    recording.keep = keep;
    if (recording.timer !== null) clearInterval(recording.timer);
    recording.timer = null;
    setState(keep ? { step: 'saving' } : { step: 'idle', message: null });
    if (recording.recorder.state === 'inactive') void finish(recording);
    else recording.recorder.stop();
  }

  if (state.step === 'recording' || state.step === 'saving') {
    const elapsedMs = state.step === 'recording' ? state.elapsedMs : 0;
    const livePeaks = state.step === 'recording' ? state.livePeaks : [];
    const padded = [...Array.from({ length: liveBarCount - livePeaks.length }, () => 0), ...livePeaks];
    return (
      <div
        role="group"
        aria-label="Recording a voice message"
        className="relative flex h-11 min-w-56 flex-1 items-center gap-2 rounded-full border border-danger/30 bg-danger/5 pr-1 pl-1"
      >
        <button
          type="button"
          onClick={() => stop(false)}
          disabled={state.step === 'saving'}
          aria-label="Discard the recording"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-ring"
        >
          <TrashIcon className="size-4.5" />
        </button>
        <span aria-hidden="true" className="size-2.5 shrink-0 animate-pulse rounded-full bg-danger" />
        <span className="w-10 shrink-0 text-sm font-semibold text-foreground tabular-nums" role="timer">
          {formatClock(elapsedMs)}
        </span>
        <span
          aria-hidden="true"
          className="flex h-7 min-w-0 flex-1 items-center justify-end gap-[2px] overflow-hidden"
        >
          {waveformBars(padded, liveBarCount).map((peak, index) => (
            <span
              key={index}
              style={{ height: `${Math.max(10, Math.round(peak * 100))}%` }}
              className="w-[3px] shrink-0 rounded-full bg-danger/70"
            />
          ))}
        </span>
        {state.step === 'recording' && state.notice ? (
          <span
            role="status"
            className="absolute right-0 bottom-full mb-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-warning/40 bg-surface px-3 py-2 text-sm text-warning-foreground shadow-lg"
          >
            {state.notice}
          </span>
        ) : null}
        <button
          type="button"
          onClick={() => stop(true)}
          disabled={state.step === 'saving'}
          aria-label="Send the voice message"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {state.step === 'saving' ? (
            <Spinner className="size-4" label="Saving the recording…" />
          ) : (
            <SendIcon className="size-4" />
          )}
        </button>
      </div>
    );
  }

  return (
    <div className="relative inline-flex shrink-0">
      <button
        type="button"
        onClick={() => void start()}
        disabled={disabled || state.step === 'starting'}
        aria-label="Record a voice message"
        className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50"
      >
        {state.step === 'starting' ? (
          <Spinner className="size-5" label="Starting the microphone…" />
        ) : (
          <MicIcon />
        )}
      </button>
      {state.step === 'idle' && state.message ? (
        <p
          role="alert"
          className="absolute right-0 bottom-full z-10 mb-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-danger/30 bg-surface px-3 py-2 text-sm text-danger shadow-lg"
        >
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
