import { z } from 'zod';

/** A query string's number as a number; anything else is left for the schema to refuse. */
const queryNumber = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

/**
 * A whole-number query parameter of a list route (page, size). Not z.coerce: that also turns null into 0, so the
 * OpenAPI document called the parameter nullable and a generated client typed it `number | null`.
 */
export const queryIntegerSchema = (schema: z.ZodInt, fallback: number) =>
  z.preprocess(queryNumber, schema).default(fallback);

/** `page` of a paged list: 0 is the first page. */
export const pageQuerySchema = queryIntegerSchema(z.int().min(0), 0);
