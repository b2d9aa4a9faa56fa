import { customActionResultSchema, type Zod } from '@c/core';
import type { z } from 'zod';
/** Custom Action: Stripe's JSON answer; text as `{text}`; bytes as `{contentType, size, base64}`. */
export const customActionSchema = (z: Zod) =>
  customActionResultSchema(z, 'Stripe', {
    object: z.string().optional().meta({
      title: 'Object Type',
      description:
        'The kind of object Stripe answered with (customer, list, coupon, v2.core.event_destination…).',
    }),
  });

/** Custom Action's result: Stripe's JSON answer, or `{text}`, or `{contentType, size, base64}`. */
export type CustomActionResult = z.output<ReturnType<typeof customActionSchema>>;
