import type { GroupDetail, UserListItem } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SearchField } from '@/components/ui/search-field';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { useNotificationActions } from '@/stores/notifications-store';
import { userQueries } from '../api/user-queries';
import { useAddGroupMember } from '../api/group-mutations';

/** How many athletes the search offers at a time: enough to pick from, short enough for a phone. */
const resultLimit = 8;

/** Finds athletes of the organisation by name or email and puts them in the group. */
export function AddAthletes({
  group,
  onFailure,
}: {
  group: GroupDetail;
  onFailure: (message: string | null) => void;
}) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim());
  const athletes = useQuery(
    userQueries.list({ page: 0, size: resultLimit, role: 'athlete', q: deferredQuery || undefined }),
  );
  const addMember = useAddGroupMember();
  const { setNewNotification } = useNotificationActions();
  const memberIds = new Set(group.members.map((member) => member.id));

  const add = (athlete: UserListItem) => {
    onFailure(null);
    const name = `${athlete.firstName} ${athlete.lastName}`;
    addMember.mutate(
      { groupId: group.id, userId: athlete.id, name },
      {
        onSuccess: ({ message }) => setNewNotification({ title: 'Saved', message }),
        onError: (error) =>
          onFailure(
            `${name} was not added. ${isApiRequestError(error) ? error.message : 'Check your connection and try again.'}`,
          ),
      },
    );
  };

  const results = athletes.data?.data ?? [];
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-foreground">Add athletes</h2>
      <p className="mt-1 mb-3 text-sm text-muted-foreground">Search by name or email.</p>
      <SearchField
        label="Search athletes to add"
        placeholder="Search athletes"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <div className="mt-3 min-h-40">
        {athletes.isPending ? (
          <div className="space-y-2" aria-label="Loading athletes">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-11 w-full" />
            ))}
          </div>
        ) : athletes.isError ? (
          <p className="text-sm text-danger">The athletes could not be loaded. Check your connection.</p>
        ) : results.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            {deferredQuery
              ? `No athlete matches “${deferredQuery}”.`
              : 'No athletes in the organisation yet.'}
          </p>
        ) : (
          <ul className="-mx-2" aria-label="Athletes to add">
            {results.map((athlete) => {
              const name = `${athlete.firstName} ${athlete.lastName}`;
              const isMember = memberIds.has(athlete.id);
              const isAdding = addMember.isPending && addMember.variables.userId === athlete.id;
              return (
                <li key={athlete.id} className="flex items-center gap-3 rounded-lg px-2 py-1.5">
                  <Avatar
                    firstName={athlete.firstName}
                    lastName={athlete.lastName}
                    className="size-8 text-xs"
                  />
                  <span className="min-w-0 flex-1 truncate text-sm text-foreground">{name}</span>
                  {isMember ? (
                    <span className="px-3 text-sm text-muted-foreground">In group</span>
                  ) : (
                    <Button
                      variant="secondary"
                      className="min-h-9 px-3"
                      aria-label={`Add ${name} to ${group.name}`}
                      onClick={() => add(athlete)}
                      isPending={isAdding}
                    >
                      Add
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {athletes.data && athletes.data.total > results.length ? (
          <p className="mt-2 text-xs text-muted-foreground">
            Showing {results.length} of {athletes.data.total}. Type more of a name to narrow it down.
          </p>
        ) : null}
      </div>
    </Card>
  );
}
