import type { CustomSidebarItem, Role } from '@contract';
import type { SidebarIconName } from '@contract/organization-settings-rules';
import {
  sidebarIconNames,
  sidebarLabelMaxLength,
  sidebarLinkProblem,
} from '@contract/organization-settings-rules';
import { roles as allRoles } from '@contract/user-fields';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { IconButton } from '@/components/ui/icon-button';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  LinkIcon,
  NamedIcon,
  PencilIcon,
  PlusIcon,
  TrashIcon,
} from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { clearFormDraft, loadFormDraft, saveFormDraft } from '@/lib/form-drafts/form-draft';
import { useNotificationActions } from '@/stores/notifications-store';
import { sidebarAdminQueries } from '../api/settings-admin-queries';
import {
  useCreateSidebarItem,
  useDeleteSidebarItem,
  useReorderSidebarItems,
  useUpdateSidebarItem,
} from '../api/sidebar-items';
import { fieldErrorsOf, saveFailureMessage } from '../settings-form';
import { SettingsSection } from './settings-section';

const draftKey = 'organisation-sidebar-item';

const iconLabels: Record<SidebarIconName, string> = {
  link: 'Link',
  calendar: 'Calendar',
  book: 'Book',
  clipboard: 'Clipboard',
  dumbbell: 'Dumbbell',
  apple: 'Apple',
  mail: 'Mail',
  users: 'People',
  user: 'Person',
  home: 'Home',
  plane: 'Plane',
  bell: 'Bell',
  'life-buoy': 'Help',
  'list-checks': 'Checklist',
};

const roleLabels: Record<Role, string> = { admin: 'Admins', coach: 'Coaches', athlete: 'Athletes' };

export const audienceOf = (roles: readonly Role[]) =>
  roles.length === 0 || roles.length === allRoles.length
    ? 'Everyone'
    : allRoles
        .filter((role) => roles.includes(role))
        .map((role) => roleLabels[role])
        .join(', ');

interface ItemValues extends Record<string, unknown> {
  /** The item being edited, or null for a new one. */
  itemId: string | null;
  label: string;
  link: string;
  icon: SidebarIconName;
  roles: Role[];
}

const emptyItem: ItemValues = { itemId: null, label: '', link: '', icon: 'link', roles: [] };

const isIconName = (value: unknown): value is SidebarIconName =>
  typeof value === 'string' && (sidebarIconNames as readonly string[]).includes(value);

function readItemDraft(saved: unknown): ItemValues | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const { itemId, label, link, icon, roles } = saved as Record<string, unknown>;
  if (itemId !== null && typeof itemId !== 'string') return null;
  if (typeof label !== 'string' || typeof link !== 'string' || !isIconName(icon)) return null;
  if (!Array.isArray(roles) || !roles.every((role) => (allRoles as readonly unknown[]).includes(role)))
    return null;
  return { itemId, label, link, icon, roles: roles as Role[] };
}

type ItemErrors = Partial<Record<'label' | 'link' | 'icon' | 'roles', string>>;

function checkItem(values: ItemValues): ItemErrors {
  const errors: ItemErrors = {};
  const label = values.label.trim();
  if (label === '') errors.label = 'Enter a label';
  else if (label.length > sidebarLabelMaxLength)
    errors.label = `A label has at most ${sidebarLabelMaxLength} characters`;
  const linkProblem = sidebarLinkProblem(values.link);
  if (linkProblem) errors.link = linkProblem;
  return errors;
}

interface ItemEditorProps {
  values: ItemValues;
  onChange: (values: ItemValues) => void;
  onSave: () => void;
  onCancel: () => void;
  isSaving: boolean;
  errors: ItemErrors;
  failure: string | null;
}

function ItemEditor({ values, onChange, onSave, onCancel, isSaving, errors, failure }: ItemEditorProps) {
  const headingId = useId();
  const set = (next: Partial<ItemValues>) => onChange({ ...values, ...next });
  const title = values.itemId ? `Edit “${values.label || 'item'}”` : 'New sidebar item';
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        if (!isSaving) onSave();
      }}
      className="rounded-xl border border-primary/40 bg-primary-soft/40 p-3 sm:p-4"
    >
      <h3 id={headingId} className="mb-3 text-base font-semibold text-foreground">
        {title}
      </h3>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Label"
          name="label"
          value={values.label}
          maxLength={sidebarLabelMaxLength + 10}
          error={errors.label}
          onChange={(event) => set({ label: event.target.value })}
        />
        <TextField
          label="Link"
          name="link"
          inputMode="url"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="https://… or /app/…"
          value={values.link}
          error={errors.link}
          onChange={(event) => set({ link: event.target.value })}
        />
      </div>
      <fieldset className="mb-3">
        <legend className="mb-1.5 text-sm font-medium text-foreground">Icon</legend>
        <div className="grid grid-cols-7 gap-1.5 sm:grid-cols-[repeat(14,minmax(0,1fr))]">
          {sidebarIconNames.map((name) => (
            <label key={name} title={iconLabels[name]} className="relative">
              <input
                type="radio"
                name="icon"
                value={name}
                checked={values.icon === name}
                onChange={() => set({ icon: name })}
                className="peer sr-only"
              />
              <span className="sr-only">{iconLabels[name]}</span>
              <span
                aria-hidden="true"
                className="flex aspect-square min-h-10 cursor-pointer items-center justify-center rounded-lg border border-border bg-surface text-muted-foreground peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring hover:bg-muted peer-checked:hover:bg-primary"
              >
                <NamedIcon iconName={name} />
              </span>
            </label>
          ))}
        </div>
        {errors.icon ? <p className="mt-1 text-sm text-danger">{errors.icon}</p> : null}
      </fieldset>
      <fieldset className="mb-3">
        <legend className="text-sm font-medium text-foreground">Who sees it</legend>
        <p className="mb-1.5 text-sm text-muted-foreground">Tick none for everyone.</p>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {allRoles.map((role) => (
            <label
              key={role}
              className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm text-foreground"
            >
              <input
                type="checkbox"
                checked={values.roles.includes(role)}
                onChange={(event) =>
                  set({
                    roles: event.target.checked
                      ? allRoles.filter((candidate) => candidate === role || values.roles.includes(candidate))
                      : values.roles.filter((candidate) => candidate !== role),
                  })
                }
                className="size-5 rounded border-border accent-(--color-primary)"
              />
              {roleLabels[role]}
            </label>
          ))}
        </div>
        {errors.roles ? <p className="mt-1 text-sm text-danger">{errors.roles}</p> : null}
      </fieldset>
      {failure ? (
        <Alert className="mb-3" title="The item was not saved.">
          {failure}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isPending={isSaving} pendingLabel="Saving…">
          {values.itemId ? 'Save item' : 'Add item'}
        </Button>
      </div>
    </form>
  );
}

export function SidebarItemsSection() {
  const items = useQuery(sidebarAdminQueries.list());
  const create = useCreateSidebarItem();
  const update = useUpdateSidebarItem();
  const remove = useDeleteSidebarItem();
  const reorder = useReorderSidebarItems();
  const { setNewNotification } = useNotificationActions();
  const [editing, setEditing] = useState<ItemValues | null>(() => loadFormDraft(draftKey, readItemDraft));
  const [errors, setErrors] = useState<ItemErrors>({});
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);
  const [listFailure, setListFailure] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;

  const edit = (values: ItemValues | null) => {
    setEditing(values);
    setErrors({});
    create.reset();
    update.reset();
    if (values) saveFormDraft(draftKey, values);
    else clearFormDraft(draftKey);
  };

  const saved = (message: string) => {
    edit(null);
    setNewNotification({ title: 'Sidebar', message });
  };

  const save = () => {
    if (!editing) return;
    const found = checkItem(editing);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      label: editing.label.trim(),
      link: editing.link.trim(),
      icon: editing.icon,
      roles: editing.roles,
    };
    const onError = (error: Error) => setErrors(fieldErrorsOf(error));
    if (editing.itemId) {
      update.mutate(
        { id: editing.itemId, changes: body },
        { onSuccess: () => saved(`“${body.label}” is saved.`), onError },
      );
    } else {
      create.mutate(body, { onSuccess: () => saved(`“${body.label}” is added to the sidebar.`), onError });
    }
  };

  const move = (list: CustomSidebarItem[], index: number, by: -1 | 1) => {
    const ids = list.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    setListFailure(null);
    reorder.mutate(ids, {
      onError: (error) => setListFailure(`The new order was not saved. ${saveFailureMessage(error)}`),
    });
  };

  const list = items.data ?? [];
  const editor = editing ? (
    <ItemEditor
      values={editing}
      onChange={(values) => {
        setEditing(values);
        saveFormDraft(draftKey, values);
      }}
      onSave={save}
      onCancel={() => edit(null)}
      isSaving={saving}
      errors={errors}
      failure={
        saveError && Object.keys(fieldErrorsOf(saveError)).length === 0 ? saveFailureMessage(saveError) : null
      }
    />
  ) : null;

  return (
    <SettingsSection
      title="Sidebar items"
      description="Extra links in everyone’s side navigation: your calendar, a handbook, a form. Changes save at once."
    >
      {listFailure ? <Alert className="mb-3">{listFailure}</Alert> : null}
      {items.isPending ? (
        <div className="space-y-2" aria-label="Loading sidebar items">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : items.isError ? (
        <Alert title="The sidebar items could not be loaded.">
          <p>Check your connection and try again.</p>
          <Button variant="secondary" className="mt-3" onClick={() => void items.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.length === 0 && !editing ? (
        <EmptyState icon={LinkIcon} title="No sidebar items yet" className="py-6">
          Add a link your people use often; it shows under the app’s own screens.
        </EmptyState>
      ) : (
        <ol aria-label="Sidebar items" className="divide-y divide-border rounded-xl border border-border">
          {list.map((item, index) =>
            editing?.itemId === item.id ? (
              <li key={item.id} className="p-2">
                {editor}
              </li>
            ) : (
              <li
                key={item.id}
                aria-label={item.label}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
                  <NamedIcon iconName={item.icon} />
                </span>
                {/* On a phone the buttons take a line of their own, so the label is not cut short. */}
                <div className="min-w-0 flex-1 basis-48">
                  <p className="truncate text-sm font-semibold text-foreground">{item.label}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {audienceOf(item.roles)} · {item.link}
                  </p>
                </div>
                {confirmingDelete === item.id ? (
                  <div
                    className="flex w-full items-center justify-end gap-2 sm:w-auto"
                    role="group"
                    aria-label={`Remove ${item.label}?`}
                  >
                    <span className="text-sm text-foreground">Remove it?</span>
                    <Button variant="secondary" onClick={() => setConfirmingDelete(null)}>
                      Keep
                    </Button>
                    <Button
                      variant="danger"
                      isPending={remove.isPending}
                      pendingLabel="Removing…"
                      onClick={() =>
                        remove.mutate(item.id, {
                          onSuccess: ({ message }) => {
                            setConfirmingDelete(null);
                            setNewNotification({ title: 'Sidebar', message });
                          },
                          onError: (error) => {
                            setConfirmingDelete(null);
                            setListFailure(`“${item.label}” was not removed. ${saveFailureMessage(error)}`);
                          },
                        })
                      }
                    >
                      Remove
                    </Button>
                  </div>
                ) : (
                  <div className="-mr-1 ml-auto flex shrink-0 items-center">
                    <IconButton
                      label={`Move ${item.label} up`}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(list, index, -1)}
                      className="disabled:opacity-30"
                    >
                      <ArrowUpIcon className="size-4" />
                    </IconButton>
                    <IconButton
                      label={`Move ${item.label} down`}
                      disabled={index === list.length - 1 || reorder.isPending}
                      onClick={() => move(list, index, 1)}
                      className="disabled:opacity-30"
                    >
                      <ArrowDownIcon className="size-4" />
                    </IconButton>
                    <IconButton
                      label={`Edit ${item.label}`}
                      onClick={() =>
                        edit({
                          itemId: item.id,
                          label: item.label,
                          link: item.link,
                          icon: isIconName(item.icon) ? item.icon : 'link',
                          roles: item.roles,
                        })
                      }
                    >
                      <PencilIcon className="size-4" />
                    </IconButton>
                    <IconButton label={`Remove ${item.label}`} onClick={() => setConfirmingDelete(item.id)}>
                      <TrashIcon className="size-4" />
                    </IconButton>
                  </div>
                )}
              </li>
            ),
          )}
        </ol>
      )}
      <div className="mt-3">
        {editing && (!editing.itemId || !list.some((item) => item.id === editing.itemId)) ? (
          editor
        ) : (
          <Button variant="secondary" onClick={() => edit({ ...emptyItem })} disabled={items.isPending}>
            <PlusIcon className="size-4" />
            Add sidebar item
          </Button>
        )}
      </div>
    </SettingsSection>
  );
}
