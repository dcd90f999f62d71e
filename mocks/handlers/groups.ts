import type { GroupDetail, GroupSummary } from '@contract';
import {
  createGroupRequestSchema,
  deleteGroupResponseSchema,
  errorCodes,
  groupListResponseSchema,
  groupResponseSchema,
  updateGroupRequestSchema,
} from '@contract';
import { demoGroups, demoPeople } from '../data';
import { apiError, apiRoute, requestUser, staffOnly, unauthorized } from './respond';

interface StoredGroup {
  summary: Omit<GroupSummary, 'memberCount'>;
  memberIds: string[];
}

const byName = (a: StoredGroup, b: StoredGroup) => a.summary.name.localeCompare(b.summary.name);

/**
 * The groups API over a copy of the demo groups and their members that writes update. Tests that change
 * groups install a fresh copy: `server.use(...groupDirectoryHandlers())`.
 */
export function groupDirectoryHandlers() {
  const groups: StoredGroup[] = demoGroups.map(({ memberCount: _count, ...summary }) => ({
    summary: { ...summary },
    memberIds: demoPeople
      .filter((person) => person.groups.some((group) => group.id === summary.id))
      .map((person) => person.id),
  }));

  const find = (groupId: string) => groups.find((group) => group.summary.id === groupId);
  const notFound = () =>
    apiError(404, {
      code: errorCodes.notFound,
      message: 'This group does not exist (it may have been deleted).',
    });
  const detail = (group: StoredGroup): GroupDetail => ({
    ...group.summary,
    members: demoPeople
      .filter((person) => group.memberIds.includes(person.id))
      .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
      .map(({ id, firstName, lastName, email, status }) => ({ id, firstName, lastName, email, status })),
  });
  const nameTaken = (name: string, exceptId?: string) => {
    const clash = groups.find(
      (group) => group.summary.id !== exceptId && group.summary.name.toLowerCase() === name.toLowerCase(),
    );
    return clash
      ? apiError(400, {
          code: errorCodes.validation,
          message: 'Choose another name.',
          fields: { name: `There is already a group called ${clash.summary.name}` },
        })
      : null;
  };
  const invalid = (issues: readonly { path: PropertyKey[]; message: string }[]) =>
    apiError(400, {
      code: errorCodes.validation,
      message: 'Some fields are not valid.',
      fields: Object.fromEntries(issues.map((issue) => [issue.path.map(String).join('.'), issue.message])),
    });

  return [
    apiRoute(
      { method: 'get', path: '/api/groups', responses: { 200: groupListResponseSchema } },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        // An athlete gets the groups it is in, as the server answers.
        const visible =
          viewer.role === 'athlete' ? groups.filter((group) => group.memberIds.includes(viewer.id)) : groups;
        return reply(200, {
          data: [...visible]
            .sort(byName)
            .map((group) => ({ ...group.summary, memberCount: group.memberIds.length })),
        });
      },
    ),
    apiRoute(
      { method: 'post', path: '/api/groups', responses: { 201: groupResponseSchema } },
      async ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const body = createGroupRequestSchema.safeParse(await request.json());
        if (!body.success) return invalid(body.error.issues);
        const taken = nameTaken(body.data.name);
        if (taken) return taken;
        const group: StoredGroup = {
          summary: {
            id: crypto.randomUUID(),
            name: body.data.name,
            description: body.data.description ?? null,
          },
          memberIds: [],
        };
        groups.push(group);
        return reply(201, {
          message: `${group.summary.name} is ready. Add athletes to it.`,
          group: detail(group),
        });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/groups/{groupId}', responses: { 200: groupResponseSchema } },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const group = find(params.groupId);
        return group ? reply(200, { message: 'OK', group: detail(group) }) : notFound();
      },
    ),
    apiRoute(
      { method: 'patch', path: '/api/groups/{groupId}', responses: { 200: groupResponseSchema } },
      async ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const group = find(params.groupId);
        if (!group) return notFound();
        const body = updateGroupRequestSchema.safeParse(await request.json());
        if (!body.success) return invalid(body.error.issues);
        const taken = body.data.name ? nameTaken(body.data.name, group.summary.id) : null;
        if (taken) return taken;
        Object.assign(group.summary, body.data);
        return reply(200, { message: 'Group saved.', group: detail(group) });
      },
    ),
    apiRoute(
      { method: 'delete', path: '/api/groups/{groupId}', responses: { 200: deleteGroupResponseSchema } },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const group = find(params.groupId);
        if (!group) return notFound();
        groups.splice(groups.indexOf(group), 1);
        return reply(200, {
          message: `${group.summary.name} is deleted. Its athletes stay in the organisation.`,
        });
      },
    ),
    apiRoute(
      {
        method: 'put',
        path: '/api/groups/{groupId}/members/{userId}',
        responses: { 200: groupResponseSchema },
      },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const group = find(params.groupId);
        const person = demoPeople.find((candidate) => candidate.id === params.userId);
        if (!group || !person) return notFound();
        if (person.role !== 'athlete') {
          return apiError(409, { code: errorCodes.conflict, message: 'Only athletes can be in a group.' });
        }
        if (!group.memberIds.includes(person.id)) group.memberIds.push(person.id);
        return reply(200, {
          message: `${person.firstName} ${person.lastName} is in ${group.summary.name}.`,
          group: detail(group),
        });
      },
    ),
    apiRoute(
      {
        method: 'delete',
        path: '/api/groups/{groupId}/members/{userId}',
        responses: { 200: groupResponseSchema },
      },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const group = find(params.groupId);
        if (!group) return notFound();
        group.memberIds = group.memberIds.filter((id) => id !== params.userId);
        return reply(200, { message: 'Removed from the group.', group: detail(group) });
      },
    ),
  ];
}

/** The happy path; a test that writes installs its own copy. */
export const groupHandlers = groupDirectoryHandlers();
