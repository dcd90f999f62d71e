import type { DeviceAttachment } from '@/lib/chat-uploads/device-attachment';

/** Placeholder until the voice client lands (issue 25): the real one records a voice message. */
export function VoiceRecorder(props: {
  onRecorded: (attachment: DeviceAttachment) => void;
  disabled?: boolean;
}) {
  void props;
  return null;
}
