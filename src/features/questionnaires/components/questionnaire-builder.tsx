import type { QuestionnaireItem } from '@contract/questionnaires';
import { questionnaireLimits } from '@contract/questionnaires';
import type { QuestionKind } from '@contract/questionnaire-rules';
import { questionKinds } from '@contract/questionnaire-rules';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Controller, FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LeaveGuard } from '@/components/widgets/leave-guard';
import { PlusIcon } from '@/components/ui/icons';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { RestoredDraftNotice } from '@/components/widgets/restored-draft-notice';
import { SortableItem, SortableList } from '@/components/widgets/sortable-list';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { requestFailureMessage, showFieldErrors } from '@/lib/api/request-failure';
import {
  clearDeviceFormDraft,
  loadDeviceFormDraft,
  saveDeviceFormDraft,
} from '@/lib/form-drafts/device-form-draft';
import { useNotificationActions } from '@/stores/notifications-store';
import { useSaveQuestionnaire } from '../api/save-questionnaire';
import type { QuestionnaireDraft, QuestionnaireFormValues } from '../questionnaire-form';
import {
  emptyQuestion,
  formFieldOf,
  messageAt,
  questionKindLabels,
  questionnaireFormResolver,
  readQuestionnaireDraft,
  toSaveQuestionnaireRequest,
} from '../questionnaire-form';
import { plural } from '../questionnaire-words';
import { QuestionCard } from './question-card';

interface QuestionnaireBuilderProps {
  /** The saved questionnaire being changed; absent for a new one. */
  questionnaire?: QuestionnaireItem;
  initial: QuestionnaireFormValues;
  /** Where this builder keeps its draft on the device (`questionnaireDraftKey`). */
  draftKey: string;
}

/** How many places a failed check marked, for the line beside Save. */
function countErrors(errors: unknown): number {
  if (typeof errors !== 'object' || errors === null) return 0;
  const node = errors as Record<string, unknown>;
  const own = typeof node.message === 'string' ? 1 : 0;
  return (
    own +
    Object.entries(node)
      .filter(([key]) => !['message', 'type', 'ref', 'types'].includes(key))
      .reduce((sum, [, child]) => sum + countErrors(child), 0)
  );
}

/**
 * The questionnaire builder: name, description, when it may be answered, its total, and the ordered questions
 * (dragged, or moved with buttons). What the contract refuses is said beside the box, before and after a save.
 */
export function QuestionnaireBuilder({ questionnaire, initial: given, draftKey }: QuestionnaireBuilderProps) {
  // The builder is keyed by what it starts from: the first value is the one to compare with and go back to.
  const [initial] = useState(given);
  const [restored, setRestored] = useState(() => loadDeviceFormDraft(draftKey, readQuestionnaireDraft));
  const form = useForm<QuestionnaireFormValues>({
    defaultValues: restored?.values.values ?? initial,
    resolver: questionnaireFormResolver,
  });
  const { control, register, handleSubmit, formState, setError, reset } = form;
  const questions = useFieldArray({ control, name: 'questions' });
  const navigate = useNavigate();
  const { setNewNotification } = useNotificationActions();
  const [problem, setProblem] = useState<string | null>(null);
  const [checkFailed, setCheckFailed] = useState(0);
  const savedRef = useRef(false);
  const descriptionId = useId();
  const addId = useId();

  const hasUnsaved = formState.isDirty || restored !== null;
  const unsavedRef = useRef(hasUnsaved);
  useEffect(() => {
    unsavedRef.current = hasUnsaved;
  }, [hasUnsaved]);

  // Every change goes to the device at once: a reload, a lost connection or a failed save loses nothing.
  const version = questionnaire?.currentVersion ?? null;
  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        if (savedRef.current) return;
        // The saved questionnaire itself is no draft (a discard resets the form to it, which lands here too).
        if (JSON.stringify(values) === JSON.stringify(initial)) {
          clearDeviceFormDraft(draftKey);
          return;
        }
        const draft: QuestionnaireDraft = { values, version };
        saveDeviceFormDraft(draftKey, draft);
      },
    });
  }, [form, draftKey, version, initial]);

  const discardChanges = () => {
    clearDeviceFormDraft(draftKey);
    setRestored(null);
    setProblem(null);
    reset(initial);
  };

  const save = useSaveQuestionnaire((saved) => {
    savedRef.current = true;
    unsavedRef.current = false;
    clearDeviceFormDraft(draftKey);
    setNewNotification({
      title: questionnaire ? 'Questionnaire saved' : 'Questionnaire created',
      message:
        questionnaire && saved.version > questionnaire.currentVersion
          ? `${saved.name} is now version ${saved.version}; earlier answers keep their questions.`
          : questionnaire
            ? `${saved.name} is saved.`
            : `${saved.name} is ready: assign it to athletes or a group.`,
    });
    if (!questionnaire)
      void navigate({ to: '/app/questionnaires/$questionnaireId', params: { questionnaireId: saved.id } });
  });

  const onServerError = (error: unknown) => {
    if (isApiRequestError(error) && Object.keys(error.fields).length > 0) {
      setProblem(
        showFieldErrors(error, {
          setError,
          // Every path lands on a box of the builder (formFieldOf falls back to the nearest one).
          fieldOf: (path) => formFieldOf(path) as never,
          shouldFocus: true,
        }),
      );
      setCheckFailed(Object.keys(error.fields).length);
    } else setProblem(requestFailureMessage(error));
  };
  const onValid = (values: QuestionnaireFormValues) => {
    setProblem(null);
    setCheckFailed(0);
    savedRef.current = false;
    save.mutate(
      { questionnaireId: questionnaire?.id, questionnaire: toSaveQuestionnaireRequest(values) },
      { onError: onServerError },
    );
  };
  const onInvalid = (errors: FieldErrors<QuestionnaireFormValues>) => setCheckFailed(countErrors(errors));

  const hasTotal = useWatch({ control, name: 'hasTotal' });
  const errors = formState.errors;
  const listProblem = messageAt(errors, 'root.questions');
  const makesVersion = questionnaire !== undefined && questionnaire.answerCount > 0;
  const full = questions.fields.length >= questionnaireLimits.questionsMax;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Questionnaire"
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        className="space-y-5"
      >
        {restored ? (
          <RestoredDraftNotice
            savedAt={restored.savedAt}
            startingPoint={questionnaire ? 'the saved questionnaire' : 'where you started'}
            onDiscard={discardChanges}
          >
            {questionnaire && restored.values.version !== questionnaire.currentVersion
              ? `They were made on version ${restored.values.version ?? 1}; it is now version ${questionnaire.currentVersion}, and saving replaces its questions with yours.`
              : null}
          </RestoredDraftNotice>
        ) : null}
        <Card className="p-5 sm:p-6">
          <TextField
            label="Name"
            autoComplete="off"
            maxLength={questionnaireLimits.nameMax}
            placeholder="Morning wellness"
            error={errors.name?.message}
            {...register('name')}
          />
          <label htmlFor={descriptionId} className="mb-1.5 block text-sm font-medium text-foreground">
            Description <span className="font-normal text-muted-foreground">(optional, athletes see it)</span>
          </label>
          <textarea
            id={descriptionId}
            rows={3}
            maxLength={questionnaireLimits.descriptionMax}
            placeholder="Why you ask, and when to answer"
            className="block w-full rounded-lg border border-border bg-surface px-3 py-2 text-base text-foreground shadow-xs placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
            {...register('description')}
          />
          <div className="mt-3 divide-y divide-border border-t border-border">
            <Controller
              control={control}
              name="anyDay"
              render={({ field }) => (
                <Switch
                  label="Answerable on any day"
                  description="Athletes it is assigned to may answer it any day, e.g. after practice, not only on the days it is due."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="hasTotal"
              render={({ field }) => (
                <Switch
                  label="Add up the scale answers"
                  description="A total, such as the wellness score, followed over time like a question."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </div>
          {hasTotal ? (
            <div className="grid gap-x-3 pt-2 sm:grid-cols-2">
              <TextField
                label="Name of the total"
                autoComplete="off"
                maxLength={questionnaireLimits.anchorMax}
                placeholder="Wellness score"
                error={errors.totalLabel?.message}
                {...register('totalLabel')}
              />
              <div>
                <label
                  htmlFor={`${descriptionId}-better`}
                  className="mb-1.5 block text-sm font-medium text-foreground"
                >
                  Which way is better
                </label>
                <select
                  id={`${descriptionId}-better`}
                  className="block min-h-11 w-full rounded-lg border border-border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
                  {...register('totalBetter')}
                >
                  <option value="">Neither</option>
                  <option value="higher">Higher</option>
                  <option value="lower">Lower</option>
                </select>
              </div>
            </div>
          ) : null}
        </Card>

        <section aria-labelledby={`${addId}-questions`} className="space-y-3">
          <h2 id={`${addId}-questions`} className="text-lg font-semibold text-foreground">
            Questions <span className="font-normal text-muted-foreground">({questions.fields.length})</span>
          </h2>
          {listProblem ? <Alert title="The questions cannot be saved like this.">{listProblem}</Alert> : null}
          <SortableList
            ids={questions.fields.map((field) => field.id)}
            labelOf={(id) => `question ${questions.fields.findIndex((field) => field.id === id) + 1}`}
            onMove={questions.move}
          >
            <ol className="space-y-3" aria-label="Questions">
              {questions.fields.map((field, index) => (
                <SortableItem
                  key={field.id}
                  id={field.id}
                  handleLabel={`Drag question ${index + 1}`}
                  className="rounded-2xl"
                >
                  <QuestionCard
                    index={index}
                    count={questions.fields.length}
                    onMove={(to) => questions.move(index, to)}
                    onRemove={() => questions.remove(index)}
                  />
                </SortableItem>
              ))}
            </ol>
          </SortableList>
        </section>

        <section
          aria-labelledby={addId}
          className="rounded-2xl border-2 border-dashed border-border p-4 sm:p-5"
        >
          <h2 id={addId} className="text-base font-semibold text-foreground">
            {questions.fields.length === 0 ? 'Add the first question' : 'Add a question'}
          </h2>
          <p className="mb-3 text-sm text-muted-foreground">
            {full
              ? `A questionnaire has at most ${questionnaireLimits.questionsMax} questions.`
              : 'Scales and numbers can be followed over time and flag an athlete who is off their normal.'}
          </p>
          <div className="flex flex-wrap gap-2">
            {questionKinds.map((kind: QuestionKind) => (
              <Button
                key={kind}
                variant="secondary"
                disabled={full}
                aria-label={`Add a ${questionKindLabels[kind].toLowerCase()} question`}
                onClick={() => questions.append(emptyQuestion(kind))}
              >
                <PlusIcon className="size-4" />
                {questionKindLabels[kind]}
              </Button>
            ))}
          </div>
        </section>

        <div
          role="group"
          aria-label="Save"
          className="sticky bottom-0 z-20 -mx-4 border-t border-border bg-surface/95 px-4 py-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.04)] backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
        >
          {problem ? (
            <Alert className="mb-3" title="The questionnaire was not saved.">
              <p>{problem}</p>
            </Alert>
          ) : null}
          {makesVersion && hasUnsaved ? (
            <p role="note" className="mb-2 text-sm text-foreground">
              It has {plural(questionnaire.answerCount, 'answer')}: saving makes version{' '}
              {questionnaire.currentVersion + 1}. The answers given keep the questions they answered.
            </p>
          ) : null}
          <div className="flex items-center justify-end gap-3">
            <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
              {checkFailed > 0 ? (
                <span className="font-medium text-danger">
                  {checkFailed === 1 ? '1 field needs' : `${checkFailed} fields need`} attention.
                </span>
              ) : hasUnsaved ? (
                'Not saved yet'
              ) : (
                'No changes'
              )}
            </p>
            <Button type="submit" isPending={save.isPending} pendingLabel="Saving…">
              {questionnaire ? 'Save questionnaire' : 'Create questionnaire'}
            </Button>
          </div>
        </div>
      </form>
      <LeaveGuard isUnsaved={() => unsavedRef.current && !savedRef.current}>
        Your changes to the questions are not saved.
      </LeaveGuard>
    </FormProvider>
  );
}
