import {
  managedOrganizationListSchema,
  managedOrganizationResponseSchema,
  managementMeResponseSchema,
} from '@contract/management';
import { queryOptions } from '@tanstack/react-query';
import { managementApi } from './management-client';

/** What the management screens read: the signed-in platform admin and the organisations. */
export const managementQueries = {
  all: () => ['management'] as const,
  me: () =>
    queryOptions({
      queryKey: [...managementQueries.all(), 'me'] as const,
      queryFn: ({ signal }) =>
        managementApi.get('api/manage/me', { signal }).json(managementMeResponseSchema),
      staleTime: 5 * 60_000,
    }),
  organizations: () =>
    queryOptions({
      queryKey: [...managementQueries.all(), 'organizations'] as const,
      queryFn: async ({ signal }) =>
        (await managementApi.get('api/manage/organizations', { signal }).json(managedOrganizationListSchema))
          .data,
    }),
  organization: (organizationId: string) =>
    queryOptions({
      queryKey: [...managementQueries.all(), 'organizations', organizationId] as const,
      queryFn: async ({ signal }) =>
        (
          await managementApi
            .get(`api/manage/organizations/${organizationId}`, { signal })
            .json(managedOrganizationResponseSchema)
        ).data,
    }),
};
