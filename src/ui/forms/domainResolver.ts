import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * zodResolver over a domain schema, in raw mode: the form keeps what was typed and the domain's
 * own mappers normalise on save, so the browser shows exactly the messages the server would send.
 * A form's values may be wider than the schema's input (a choice list the schema narrows), hence
 * the form's type is given here rather than inferred from the schema.
 */
export function domainResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return zodResolver(schema as z.ZodType<unknown, T>, undefined, { raw: true });
}
