import type { Question } from '@contract/questionnaire-rules';
import { answersProblems } from '@contract/questionnaire-rules';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { Controller, useForm } from 'react-hook-form';
import { useBottomBar } from '@/components/layouts/bottom-bar';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ClipboardIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { authQueries } from '@/lib/auth/auth-queries';
import { useFormats } from '@/lib/format/use-formats';
import { getNetworkStatus } from '@/lib/network/network-status';
import { saveAnswer } from '@/lib/questionnaire-sync/answer-outbox';
import { useScreenTitle } from '@/stores/header-store';
import { useNotificationActions } from '@/stores/notifications-store';
import type { QuestionnaireDay } from '../api/questionnaire-days';
import { questionnairesOfDay, useDueCovering } from '../api/questionnaire-days';
import type { AnswerFormValues } from '../answer-form-values';
import { answerValuesOf, formValuesOf } from '../answer-form-values';
import { QuestionField } from './question-field';
import { timeOfDayLabel } from '../time-of-day';

const route = getRouteApi('/app/questionnaires/answer/$questionnaireId/$date');

/** One questionnaire to answer on one day, from the device's copy of the week (ADR 067): also with no signal. */
export function AnswerPage() {
  const { questionnaireId, date } = route.useParams();
  const { data: me } = useSuspenseQuery(authQueries.me());
  const { due, deviceAnswers } = useDueCovering(me.user.id, date);
  const day = due.data
    ? (() => {
        const { dueToday, anyDay } = questionnairesOfDay(due.data, deviceAnswers, date);
        return [...dueToday, ...anyDay].find((item) => item.questionnaire.id === questionnaireId) ?? null;
      })()
    : undefined;
  useScreenTitle(day?.questionnaire.name ?? 'Questionnaire');

  if (day === undefined) {
    if (due.isError) return <NotOnDevice />;
    return <AnswerSkeleton />;
  }
  if (day === null) return <NotOnDevice />;
  // Keyed by the day's answer: another tab's change or the server's list arriving fills the form afresh.
  return (
    <AnswerForm
      key={`${day.questionnaire.id}:${day.questionnaire.version}:${day.deviceAnswer?.id ?? day.serverAnswer?.id ?? 'new'}`}
      day={day}
      userId={me.user.id}
    />
  );
}

function AnswerSkeleton() {
  return (
    <div className="mx-auto max-w-2xl space-y-6" aria-busy="true" aria-label="Loading the questionnaire">
      <Skeleton className="h-8 w-56" />
      <Card className="space-y-8 p-5">
        {[0, 1, 2].map((row) => (
          <div key={row} className="space-y-3">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-14 w-full" />
          </div>
        ))}
      </Card>
    </div>
  );
}

function NotOnDevice() {
  return (
    <Card className="mx-auto max-w-2xl">
      <EmptyState
        icon={ClipboardIcon}
        title="Nothing to answer here"
        action={
          <Link to="/app/dashboard" className={textLinkClass}>
            Back to Home
          </Link>
        }
      >
        This questionnaire is not yours to answer on this day, or this device has not seen it yet.
      </EmptyState>
    </Card>
  );
}

function focusQuestion(questionId: string) {
  const group = document.querySelector(`[data-question="${CSS.escape(questionId)}"]`);
  const field = group?.querySelector<HTMLElement>('input:not([tabindex="-1"]), input, textarea');
  field?.focus();
  group?.scrollIntoView?.({ block: 'center' });
}

function AnswerForm({ day, userId }: { day: QuestionnaireDay; userId: string }) {
  const { questionnaire, date, deviceAnswer, serverAnswer } = day;
  const questions: Question[] = questionnaire.questions;
  const formats = useFormats();
  const navigate = useNavigate();
  const { setNewNotification } = useNotificationActions();
  const bar = useRef<HTMLDivElement>(null);
  useBottomBar(bar);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const earlier = deviceAnswer?.values ?? serverAnswer?.values ?? null;
  const refused = deviceAnswer?.status === 'refused' ? deviceAnswer : null;
  // The contract's checks, the server's own: each problem lands on its question.
  const resolver: Resolver<AnswerFormValues> = (formValues) => {
    const problems = answersProblems(questions, answerValuesOf(questions, formValues));
    const entries = Object.entries(problems);
    return entries.length === 0
      ? { values: formValues, errors: {} }
      : {
          values: {},
          errors: Object.fromEntries(
            entries.map(([questionId, message]) => [questionId, { type: 'validate', message }]),
          ),
        };
  };
  const form = useForm<AnswerFormValues>({
    defaultValues: formValuesOf(questions, earlier),
    resolver,
    // The first question with a problem takes the focus (ours: its fields are React Aria's, not registered).
    shouldFocusError: false,
  });
  const [serverProblems, setServerProblems] = useState<Record<string, string>>(refused?.problems ?? {});
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    async (formValues) => {
      const values = answerValuesOf(questions, formValues);
      try {
        await saveAnswer({
          userId,
          questionnaireId: questionnaire.id,
          version: questionnaire.version,
          date,
          values,
          serverAnswerId: serverAnswer?.id ?? null,
        });
      } catch {
        setSaveProblem('This device could not store your answers. Try again.');
        return;
      }
      setNewNotification({
        title: 'Saved',
        message: getNetworkStatus().isOnline
          ? `${questionnaire.name} is on its way to your coach.`
          : 'Will send when you’re back online.',
      });
      await navigate({ to: '/app/dashboard' });
    },
    (problems) => {
      const first = questions.find((question) => problems[question.id]);
      if (first) focusQuestion(first.id);
    },
  );

  const answeredBefore = earlier !== null;
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="mx-auto max-w-2xl space-y-5 pb-28 sm:pb-0"
      aria-labelledby="questionnaire-title"
    >
      <PageHeader
        title={<span id="questionnaire-title">{questionnaire.name}</span>}
        description={
          <>
            {formats.day(date, 'dayLong')}
            {day.timeOfDay ? ` · ${timeOfDayLabel(day.timeOfDay, formats.place.locale)}` : ''}
            {questionnaire.description ? (
              <span className="mt-1 block text-sm">{questionnaire.description}</span>
            ) : null}
          </>
        }
      />
      {refused ? (
        <Alert title="Not sent">
          {refused.refusal ?? 'The server refused these answers.'} Change them and submit again.
        </Alert>
      ) : answeredBefore ? (
        <Alert tone="info" role="status" title="Answered">
          {deviceAnswer?.status === 'pending'
            ? 'Saved on this device; it will send when you’re back online. You can still change it.'
            : 'You answered this already today. Change anything and submit again.'}
        </Alert>
      ) : null}
      {saveProblem ? <Alert>{saveProblem}</Alert> : null}
      <Card className="divide-y divide-border">
        {questions.map((question) => (
          <div key={question.id} className="px-4 py-6 sm:px-6">
            <Controller
              control={form.control}
              name={question.id}
              render={({ field }) => (
                <QuestionField
                  question={question}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    if (errors[question.id]) form.clearErrors(question.id);
                    if (serverProblems[question.id]) {
                      setServerProblems(({ [question.id]: _gone, ...rest }) => rest);
                    }
                  }}
                  error={errors[question.id]?.message ?? serverProblems[question.id]}
                />
              )}
            />
          </div>
        ))}
      </Card>
      <p className="text-sm text-muted-foreground">
        <span className="text-danger" aria-hidden="true">
          *
        </span>{' '}
        Required
      </p>
      <div
        ref={bar}
        className="fixed inset-x-0 bottom-0 z-10 border-t border-border bg-surface/95 p-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] backdrop-blur sm:static sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none"
      >
        <Button
          type="submit"
          isPending={isSubmitting}
          className="min-h-12 w-full text-base sm:w-auto sm:px-8"
        >
          {answeredBefore ? 'Submit changes' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
