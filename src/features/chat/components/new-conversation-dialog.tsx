import type { ChatPerson, Conversation } from '@contract/chat';
import { createConversationRequestSchema } from '@contract/chat';
import type { User } from '@contract';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { requestFailureMessage } from '@/lib/api/request-failure';
import { useCreateConversation } from '../api/chat-mutations';
import { nameOf } from '../chat-words';

interface NewConversationValues {
  kind: 'direct' | 'group';
  memberId: string;
  name: string;
  memberIds: string[];
}

const requestOf = (values: NewConversationValues) =>
  values.kind === 'direct'
    ? { kind: 'direct' as const, memberId: values.memberId }
    : { kind: 'group' as const, name: values.name, memberIds: values.memberIds };

/** The contract's own request schema checks the form: the words the server would answer show on the fields. */
const resolver: Resolver<NewConversationValues> = (values) => {
  const parsed = createConversationRequestSchema.safeParse(requestOf(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'memberId');
    errors[field] ??= { type: issue.code, message: field === 'memberId' ? 'Choose a person' : issue.message };
  }
  return { values: {}, errors };
};

/** The people the viewer can write to: everyone in its conversations (a team holds its athletes and the staff). */
function peopleOf(conversations: readonly Conversation[], viewerId: string): ChatPerson[] {
  const people = new Map<string, ChatPerson>();
  for (const conversation of conversations) {
    for (const member of conversation.members) if (member.id !== viewerId) people.set(member.id, member);
  }
  return [...people.values()].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
}

/** "New conversation": a person (direct), or for staff a named group of people. */
export function NewConversationDialog({
  viewer,
  conversations,
}: {
  viewer: User;
  conversations: readonly Conversation[];
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button
        variant="primary"
        aria-label="New conversation"
        className="min-h-10 px-3"
        onClick={() => setOpen(true)}
      >
        <PlusIcon className="size-4" />
        New
      </Button>
      <ModalOverlay
        isDismissable
        className="fixed inset-0 z-50 flex items-end justify-center bg-black/40 p-0 sm:items-center sm:p-4"
      >
        <Modal className="max-h-[90dvh] w-full overflow-y-auto rounded-t-2xl bg-surface p-5 shadow-xl sm:max-w-md sm:rounded-2xl">
          <Dialog className="outline-none">
            <NewConversationForm
              viewer={viewer}
              people={peopleOf(conversations, viewer.id)}
              onDone={() => setOpen(false)}
            />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

function NewConversationForm({
  viewer,
  people,
  onDone,
}: {
  viewer: User;
  people: ChatPerson[];
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateConversation();
  const isStaff = viewer.role !== 'athlete';
  const { register, handleSubmit, control, formState } = useForm<NewConversationValues>({
    resolver,
    defaultValues: { kind: 'direct', memberId: '', name: '', memberIds: [] },
  });
  const kind = useWatch({ control, name: 'kind' });
  const { errors } = formState;
  const submit = handleSubmit(async (values) => {
    const conversationId = await create.mutateAsync(requestOf(values)).catch(() => null);
    if (!conversationId) return;
    onDone();
    void navigate({ to: '/app/chat/$conversationId', params: { conversationId } });
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Heading slot="title" className="text-lg font-semibold text-foreground">
        New conversation
      </Heading>
      {isStaff ? (
        <fieldset className="mt-4 grid grid-cols-2 gap-2">
          <legend className="sr-only">Kind</legend>
          {(['direct', 'group'] as const).map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-border text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:checked]:text-primary-ink"
            >
              <input type="radio" value={option} className="sr-only" {...register('kind')} />
              {option === 'direct' ? 'A person' : 'A group'}
            </label>
          ))}
        </fieldset>
      ) : null}
      {kind === 'direct' ? (
        <div className="mt-4">
          <label htmlFor="chat-person" className="mb-1.5 block text-sm font-medium text-foreground">
            Person
          </label>
          <select
            id="chat-person"
            aria-invalid={errors.memberId ? true : undefined}
            className="block min-h-11 w-full rounded-lg border border-border bg-surface px-3 text-base sm:text-sm"
            {...register('memberId')}
          >
            <option value="">Select a person</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {nameOf(person)}
              </option>
            ))}
          </select>
          <p className="mt-1 min-h-5 text-sm text-danger">{errors.memberId?.message ?? ''}</p>
        </div>
      ) : (
        <div className="mt-4">
          <TextField label="Group name" error={errors.name?.message} {...register('name')} />
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-foreground">Members</legend>
            <ul className="max-h-56 space-y-1 overflow-y-auto rounded-lg border border-border p-2">
              {people.map((person) => (
                <li key={person.id}>
                  <label className="flex min-h-10 items-center gap-3 rounded-md px-2 text-sm hover:bg-muted">
                    <input type="checkbox" value={person.id} className="size-4" {...register('memberIds')} />
                    {nameOf(person)}
                  </label>
                </li>
              ))}
            </ul>
            <p className="mt-1 min-h-5 text-sm text-danger">{errors.memberIds?.message ?? ''}</p>
          </fieldset>
        </div>
      )}
      {create.isError ? <Alert className="mt-2">{requestFailureMessage(create.error)}</Alert> : null}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isPending={formState.isSubmitting} pendingLabel="Opening…">
          {kind === 'direct' ? 'Open conversation' : 'Make group'}
        </Button>
      </div>
    </form>
  );
}
