import type {
  CreateOrganizationRequest,
  InviteFirstAdminRequest,
  ManagedOrganization,
  UpdateOrganizationRequest,
} from '@contract/management';
import { inviteFirstAdminResponseSchema, managedOrganizationResponseSchema } from '@contract/management';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managementApi } from './management-client';
import { managementQueries } from './management-queries';

function useRememberOrganization() {
  const queryClient = useQueryClient();
  return (organization: ManagedOrganization) => {
    queryClient.setQueryData(managementQueries.organization(organization.id).queryKey, organization);
    return queryClient.invalidateQueries({
      queryKey: managementQueries.organizations().queryKey,
      exact: true,
    });
  };
}

export function useCreateOrganization() {
  const remember = useRememberOrganization();
  return useMutation({
    mutationFn: async (body: CreateOrganizationRequest) =>
      (
        await managementApi
          .post('api/manage/organizations', { json: body, retry: 0 })
          .json(managedOrganizationResponseSchema)
      ).data,
    onSuccess: (organization) => remember(organization),
  });
}

export function useUpdateOrganization(organizationId: string) {
  const remember = useRememberOrganization();
  return useMutation({
    mutationFn: async (body: UpdateOrganizationRequest) =>
      (
        await managementApi
          .patch(`api/manage/organizations/${organizationId}`, { json: body, retry: 0 })
          .json(managedOrganizationResponseSchema)
      ).data,
    onSuccess: (organization) => remember(organization),
  });
}

export function useInviteFirstAdmin(organizationId: string) {
  const remember = useRememberOrganization();
  return useMutation({
    mutationFn: async (body: InviteFirstAdminRequest) =>
      managementApi
        .post(`api/manage/organizations/${organizationId}/first-admin`, { json: body, retry: 0 })
        .json(inviteFirstAdminResponseSchema),
    onSuccess: (answer) => remember(answer.data),
  });
}
