import { z } from 'zod';
import { pageQuerySchema, queryIntegerSchema } from './paging';

export const passengerPageSizeLimit = 300;

export const passengerListQuerySchema = z.object({
  page: pageQuerySchema,
  size: queryIntegerSchema(z.int().min(1).max(passengerPageSizeLimit), passengerPageSizeLimit),
});
export type PassengerListQuery = z.infer<typeof passengerListQuerySchema>;

/** A person booked on one of the organisation's team trips (the travel roster). */
export const passengerSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    userId: z.uuid().nullable(),
    trip: z.string(),
    /** Calendar date of departure, YYYY-MM-DD. */
    departureDate: z.iso.date(),
    seat: z.string().nullable(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'Passenger' });
export type Passenger = z.infer<typeof passengerSchema>;

export const passengerListResponseSchema = z
  .object({ data: z.array(passengerSchema) })
  .meta({ id: 'PassengerListResponse' });
export type PassengerListResponse = z.infer<typeof passengerListResponseSchema>;
