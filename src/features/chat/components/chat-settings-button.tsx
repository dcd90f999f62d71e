import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { SlidersIcon } from '@/components/ui/icons';
import { MicrophoneSetting } from '../voice/microphone-setting';

/** "Chat settings": the microphone for voice messages (the voice engineer's setting, placed here). */
export function ChatSettingsButton() {
  return (
    <DialogTrigger>
      <Button
        aria-label="Chat settings"
        className="inline-flex size-10 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <SlidersIcon className="size-5" />
      </Button>
      <Popover
        placement="bottom end"
        className="w-72 rounded-xl border border-border bg-surface p-4 shadow-lg"
      >
        <Dialog className="outline-none">
          <Heading slot="title" className="mb-3 text-sm font-semibold text-foreground">
            Chat settings
          </Heading>
          <MicrophoneSetting />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
