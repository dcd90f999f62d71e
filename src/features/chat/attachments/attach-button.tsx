import type { DeviceAttachment } from '@/lib/chat-uploads/device-attachment';

/** Placeholder until the attachments client lands (issue 25): the real one picks a file and keeps it on the device. */
export function AttachButton(props: {
  conversationId: string;
  onAttached: (attachment: DeviceAttachment) => void;
  disabled?: boolean;
}) {
  void props;
  return null;
}
