import type { Settings } from '@contract';
import { bytesPerMegabyte, chatAttachmentLimits } from '@contract/organization-settings-rules';
import { useId } from 'react';
import { Switch } from '@/components/ui/switch';
import { SettingsSection, useSettingsSectionForm } from './settings-section';

const draftKey = 'organisation-settings-chat';

/** Named as the API's fields, so the server's field errors land on them; the sizes are as typed, in MB. */
interface ChatValues extends Record<string, unknown> {
  chatAthletesToStaffOnly: boolean;
  uploadMaxVideoBytes: string;
  uploadMaxOtherBytes: string;
}

type LimitKey = 'uploadMaxVideoBytes' | 'uploadMaxOtherBytes';

const limitFields: readonly {
  key: LimitKey;
  label: string;
  hint: string;
  limits: { min: number; max: number; default: number };
}[] = [
  {
    key: 'uploadMaxVideoBytes',
    label: 'Largest video (MB)',
    hint: 'A minute of HD phone video is about 100 MB.',
    limits: chatAttachmentLimits.videoMegabytes,
  },
  {
    key: 'uploadMaxOtherBytes',
    label: 'Largest photo or other file (MB)',
    hint: 'Photos, PDFs and voice messages.',
    limits: chatAttachmentLimits.otherMegabytes,
  },
];

const megabytesOf = (bytes: number) => String(Math.round(bytes / bytesPerMegabyte));

/** The typed megabytes as the API's bytes; undefined when not a whole number in range. */
function bytesOf(text: string, limits: { min: number; max: number }): number | undefined {
  const megabytes = Number(text);
  return text.trim() !== '' &&
    Number.isInteger(megabytes) &&
    megabytes >= limits.min &&
    megabytes <= limits.max
    ? megabytes * bytesPerMegabyte
    : undefined;
}

const readDraft = (stored: unknown): ChatValues | null => {
  if (typeof stored !== 'object' || stored === null) return null;
  const { chatAthletesToStaffOnly, uploadMaxVideoBytes, uploadMaxOtherBytes } = stored as Record<
    string,
    unknown
  >;
  if (typeof chatAthletesToStaffOnly !== 'boolean') return null;
  if (typeof uploadMaxVideoBytes !== 'string' || uploadMaxVideoBytes.length > 10) return null;
  if (typeof uploadMaxOtherBytes !== 'string' || uploadMaxOtherBytes.length > 10) return null;
  return { chatAthletesToStaffOnly, uploadMaxVideoBytes, uploadMaxOtherBytes };
};

const valuesOf = (settings: Settings): ChatValues => ({
  chatAthletesToStaffOnly: settings.chatAthletesToStaffOnly,
  uploadMaxVideoBytes: megabytesOf(settings.uploadMaxVideoBytes),
  uploadMaxOtherBytes: megabytesOf(settings.uploadMaxOtherBytes),
});

/** Who athletes may message, and how large an attachment may be (issue 25). */
export function ChatSection({ settings }: { settings: Settings }) {
  const saved = valuesOf(settings);
  const { draft, setSavedMessage, saveChanges, errors, setErrors, sectionProps } = useSettingsSectionForm(
    draftKey,
    saved,
    readDraft,
  );
  const fieldId = useId();
  const change = (values: Partial<ChatValues>) => {
    draft.setValues({ ...draft.values, ...values });
    setSavedMessage(null);
  };
  return (
    <SettingsSection
      title="Chat"
      description="Who athletes can message, and how large the files sent in conversations may be."
      onSubmit={() => {
        const video = bytesOf(draft.values.uploadMaxVideoBytes, chatAttachmentLimits.videoMegabytes);
        const other = bytesOf(draft.values.uploadMaxOtherBytes, chatAttachmentLimits.otherMegabytes);
        if (video === undefined || other === undefined) {
          setErrors({
            ...(video === undefined
              ? { uploadMaxVideoBytes: rangeMessage(chatAttachmentLimits.videoMegabytes) }
              : {}),
            ...(other === undefined
              ? { uploadMaxOtherBytes: rangeMessage(chatAttachmentLimits.otherMegabytes) }
              : {}),
          });
          return;
        }
        setErrors({});
        saveChanges(
          {
            chatAthletesToStaffOnly: draft.values.chatAthletesToStaffOnly,
            uploadMaxVideoBytes: video,
            uploadMaxOtherBytes: other,
          },
          { valuesOf, message: 'Saved. New messages follow these now.' },
        );
      }}
      {...sectionProps}
    >
      <div className="-mt-3 border-b border-border">
        <Switch
          label="Athletes message staff only"
          description="Athletes can message coaches and admins directly, but not other athletes. Team and group conversations are not affected."
          checked={draft.values.chatAthletesToStaffOnly}
          onCheckedChange={(chatAthletesToStaffOnly) => change({ chatAthletesToStaffOnly })}
        />
      </div>

      <fieldset className="mt-5">
        <legend className="mb-2 text-sm font-medium text-foreground">Largest attachment</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {limitFields.map(({ key, label, hint, limits }) => {
            const id = `${fieldId}-${key}`;
            const error = errors[key];
            return (
              <div key={key}>
                <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-foreground">
                  {label}
                </label>
                <input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  step={1}
                  min={limits.min}
                  max={limits.max}
                  value={draft.values[key]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-hint`}
                  onChange={(event) => change({ [key]: event.target.value })}
                  className={`block min-h-11 w-full rounded-lg border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm ${error ? 'border-danger' : 'border-border'}`}
                />
                <p
                  id={`${id}-hint`}
                  className={`mt-1 text-sm ${error ? 'text-danger' : 'text-muted-foreground'}`}
                >
                  {error ?? `${hint} From ${limits.min} to ${limits.max} MB (default ${limits.default}).`}
                </p>
              </div>
            );
          })}
        </div>
        <p className="mt-3 text-sm text-muted-foreground">
          A larger file is refused when someone tries to send it, and they are told the limit. Files already
          sent stay.
        </p>
      </fieldset>
    </SettingsSection>
  );
}

const rangeMessage = (limits: { min: number; max: number }) =>
  `Enter a whole number of MB from ${limits.min} to ${limits.max}`;
