import type { z } from 'zod';

/**
 * A Mantine `useForm` validator from a zod schema: the first message per field, so an empty field
 * says "required" rather than also "too short".
 */
export function schemaValidator<T extends Record<string, unknown>>(schema: z.ZodType<unknown, T>) {
  return (values: T): Partial<Record<keyof T, string>> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Partial<Record<keyof T, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof T | undefined;
      if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
    }
    return errors;
  };
}
