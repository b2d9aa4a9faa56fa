import { resultView, type Zod } from '@c/core';

/** Identify and Group Identify: Amplitude answers `success` once it accepted the identifications. */
export const identifyResultSchema = (z: Zod) =>
  z
    .object({
      success: z.boolean().meta({ title: 'Success', description: 'Amplitude accepted the identification.' }),
      properties: z
        .record(z.string(), z.unknown())
        .optional()
        .meta({ title: 'Operations Sent', description: 'The property operations sent ($set, $add, …).' }),
    })
    .meta(resultView({ view: 'record' }));
