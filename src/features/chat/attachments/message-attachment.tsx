import type { Attachment } from '@contract/uploads';
import type { DeviceAttachment } from '@/lib/chat-uploads/device-attachment';

/** Placeholder until the attachments client lands (issue 25): the file's name, as the real one shows it first. */
export function MessageAttachment(props: {
  messageId: string;
  attachment: Attachment | null;
  deviceAttachment: DeviceAttachment | null;
  onRetry?: () => void;
}) {
  const name = props.attachment?.fileName ?? props.deviceAttachment?.fileName;
  return name ? <p className="text-sm underline">{name}</p> : null;
}
