import { formatBytes } from '@contract/organization-settings-rules';
import type { ReaderPreview } from '@contract/workout-reader';
import { workoutReaderLimits } from '@contract/workout-reader';
import { useId, useState } from 'react';
import type { Key } from 'react-aria-components';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Button } from '@/components/ui/button';
import { createIcon } from '@/components/ui/icons';
import { FileDropZone } from '@/components/widgets/file-drop-zone';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { requestFailureMessage } from '@/lib/api/request-failure';
import type { ProgramSource } from '../../api/workout-reader';
import { useReadProgram } from '../../api/workout-reader';

const FileIcon = createIcon(
  <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zm0 0v6h6M8 13h8m-8 4h8" />,
);

type SourceTab = 'text' | 'file';

export const pastePlaceholder = [
  'Day 1 – Lower',
  'A1. Back Squat 4x6 @ 75%',
  'A2. Plank 3 x 45s',
  'Bench 5/5/5/3/3 @ 185',
  '',
  'Day 2 – Upper',
  'B1. Pull-up 3 x 8-10',
  '…',
].join('\n');

const megabytes = workoutReaderLimits.fileBytes / (1024 * 1024);
const emptyPaste = 'Paste your program first: a day per heading, an exercise and its sets per line.';
const acceptedFiles = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The server's refusal of a paste or a file (empty, too large, an old .xls) is about it: it shows beside it. */
function readFailureOf(error: unknown): string {
  if (isApiRequestError(error) && error.status < 500) {
    return error.fields.text ?? error.fields.file ?? error.message;
  }
  return requestFailureMessage(error, 'What you pasted or chose is still here: read it again.');
}

const lineCount = (text: string) => text.split('\n').filter((line) => line.trim() !== '').length;

function sourceSummary(preview: ReaderPreview, lines: number): string {
  if (preview.source === 'text') return `Pasted text · ${lines === 1 ? '1 line' : `${lines} lines`}`;
  const sheets = preview.sheets.length;
  const kind = preview.source === 'xlsx' ? 'Excel workbook' : 'CSV file';
  return `${preview.fileName ?? 'Your file'} · ${kind}${sheets > 1 ? `, ${sheets} sheets` : ''}`;
}

interface SourceStepProps {
  /** The review on screen, if any: the step folds to a line saying what it was read from. */
  preview: ReaderPreview | null;
  onPreview: (preview: ReaderPreview, source: ProgramSource) => void;
}

/**
 * Step 1: the program pasted as text or chosen as a CSV or Excel file, read by the server ("Read"). What was pasted
 * or chosen is kept while the review shows, so "Change" goes back to it.
 */
export function SourceStep({ preview, onPreview }: SourceStepProps) {
  const read = useReadProgram();
  const [tab, setTab] = useState<SourceTab>('text');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [isChanging, setIsChanging] = useState(false);
  /** The lines of the text the review was read from (the box may have changed since). */
  const [linesRead, setLinesRead] = useState(0);
  const [localProblem, setLocalProblem] = useState<string | null>(null);
  const id = useId();
  const textId = `${id}-text`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const problem = localProblem ?? (read.isError ? readFailureOf(read.error) : null);

  const forget = () => {
    setLocalProblem(null);
    read.reset();
  };

  const chooseFile = (chosen: File) => {
    forget();
    setFile(chosen);
  };

  const submit = () => {
    forget();
    let source: ProgramSource;
    if (tab === 'text') {
      if (text.trim() === '') return setLocalProblem(emptyPaste);
      if (text.length > workoutReaderLimits.textCharacters) {
        return setLocalProblem(
          `The text is ${text.length.toLocaleString('en-US')} characters; the reader takes at most ${workoutReaderLimits.textCharacters.toLocaleString('en-US')}: paste a few weeks at a time.`,
        );
      }
      source = { kind: 'text', text };
    } else {
      if (!file) return setLocalProblem('Choose a CSV or Excel file first.');
      // No need to send 20 MB to hear that 2 MB is the most.
      if (file.size > workoutReaderLimits.fileBytes) {
        return setLocalProblem(
          `The file is ${formatBytes(file.size)}; the reader takes at most ${megabytes} MB: upload a few weeks at a time.`,
        );
      }
      source = { kind: 'file', file };
    }
    read.mutate(source, {
      onSuccess: ({ preview: made }) => {
        setIsChanging(false);
        if (source.kind === 'text') setLinesRead(lineCount(source.text));
        onPreview(made, source);
      },
    });
  };

  if (preview && !isChanging) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex min-w-0 items-center gap-2 text-sm text-foreground">
          <FileIcon className="size-4 shrink-0 text-muted-foreground" />
          <span className="font-medium break-all">{sourceSummary(preview, linesRead)}</span>
        </p>
        <Button variant="secondary" onClick={() => setIsChanging(true)}>
          {preview.source === 'text' ? 'Change the text' : 'Choose another file'}
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key: Key) => {
          setTab(key === 'file' ? 'file' : 'text');
          forget();
        }}
      >
        <TabList
          aria-label="How to bring your program"
          className="inline-flex rounded-xl border border-border bg-muted/60 p-1"
        >
          {(
            [
              ['text', 'Paste text'],
              ['file', 'Upload a file'],
            ] as const
          ).map(([key, label]) => (
            <Tab
              key={key}
              id={key}
              className="inline-flex min-h-10 cursor-default items-center rounded-lg px-4 text-sm font-semibold text-muted-foreground outline-none transition-colors hover:text-foreground data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-ring data-[selected]:bg-surface data-[selected]:text-foreground data-[selected]:shadow-sm"
            >
              {label}
            </Tab>
          ))}
        </TabList>

        {/* Both panels are as tall, so switching between them does not move what is below. */}
        <TabPanel id="text" className="mt-4 outline-none">
          <label htmlFor={textId} className="mb-1.5 block text-sm font-medium text-foreground">
            Program text
          </label>
          <textarea
            id={textId}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (localProblem) setLocalProblem(null);
            }}
            placeholder={pastePlaceholder}
            rows={10}
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${hintId} ${errorId}`}
            className={`block h-64 w-full resize-y rounded-lg border bg-surface px-3 py-2.5 font-mono text-base text-foreground shadow-xs placeholder:text-muted-foreground/70 focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm ${
              problem ? 'border-danger' : 'border-border'
            }`}
          />
          <p id={hintId} className="mt-1.5 text-sm text-muted-foreground">
            A heading per day (“Day 1 – Lower”, “Week 2”), then one exercise per line with its sets as the
            workout editor reads them: 4x6 @ 75%, 3 x 8-12 @ RPE 8, 5/5/5/3/3 @ 185.
          </p>
        </TabPanel>

        <TabPanel id="file" className="mt-4 outline-none">
          <FileDropZone
            label="Choose a CSV or Excel file"
            accept={acceptedFiles}
            className="h-64 px-4"
            errorId={errorId}
            isInvalid={problem !== null}
            isDisabled={read.isPending}
            onFile={chooseFile}
            hint={
              file
                ? `${file.name} · ${formatBytes(file.size)}`
                : `A CSV or an Excel workbook (.xlsx), one row per exercise, or an athlete’s FitNotes or Strong export; up to ${megabytes} MB.`
            }
          />
        </TabPanel>
      </Tabs>

      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        {/* Reserved height: a message appearing does not push the button down. */}
        <p id={errorId} role="alert" className="min-h-5 text-sm font-medium text-danger">
          {problem ?? ''}
        </p>
        <div className="flex shrink-0 gap-2">
          {preview ? (
            <Button variant="ghost" onClick={() => setIsChanging(false)} disabled={read.isPending}>
              Keep the review
            </Button>
          ) : null}
          <Button
            type="submit"
            isPending={read.isPending}
            pendingLabel="Reading…"
            className="w-full sm:w-auto"
          >
            Read
          </Button>
        </div>
      </div>
    </form>
  );
}
