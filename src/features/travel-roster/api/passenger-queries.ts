import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** Spec 7 and 9: the roster is read as one page of up to 300 passengers. */
export const passengerListParams = { page: 0, size: 300 } as const;

/** The travel roster (`GET /passenger`, product.md "Passengers"). */
export const passengerQueries = {
  all: () => ['passengers'] as const,
  list: () =>
    queryOptions({
      queryKey: [...passengerQueries.all(), 'list', passengerListParams] as const,
      queryFn: async ({ signal }) => {
        // The schemas (and zod) load beside the request, not with the screen's code.
        const [{ passengerListResponseSchema }, body] = await Promise.all([
          import('@contract/passengers'),
          api.get('passenger', { signal, searchParams: passengerListParams }).json(),
        ]);
        return passengerListResponseSchema.parse(body).data;
      },
    }),
};
