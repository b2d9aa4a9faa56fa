import type { CommandInput, CommandResult } from '@c/core';
import type { cancelSubscriptionSchedule } from './commands/cancel-subscription-schedule.js';
import type { createMeterEvent } from './commands/create-meter-event.js';
import type { createSubscriptionSchedule } from './commands/create-subscription-schedule.js';
import type { getSubscriptionSchedule } from './commands/get-subscription-schedule.js';
import type { listMeters } from './commands/list-meters.js';
import type { releaseSubscriptionSchedule } from './commands/release-subscription-schedule.js';

// The input and result types of the subscription schedule and meter commands (the rest are in
// payments-command-types.ts), re-exported by the package's entry point.

/** What `createSubscriptionSchedule` takes. */
export type CreateSubscriptionScheduleInput = CommandInput<typeof createSubscriptionSchedule>;
/** What `createSubscriptionSchedule` returns. */
export type CreateSubscriptionScheduleResult = CommandResult<typeof createSubscriptionSchedule>;
/** What `getSubscriptionSchedule` takes. */
export type GetSubscriptionScheduleInput = CommandInput<typeof getSubscriptionSchedule>;
/** What `getSubscriptionSchedule` returns. */
export type GetSubscriptionScheduleResult = CommandResult<typeof getSubscriptionSchedule>;
/** What `cancelSubscriptionSchedule` takes. */
export type CancelSubscriptionScheduleInput = CommandInput<typeof cancelSubscriptionSchedule>;
/** What `cancelSubscriptionSchedule` returns. */
export type CancelSubscriptionScheduleResult = CommandResult<typeof cancelSubscriptionSchedule>;
/** What `releaseSubscriptionSchedule` takes. */
export type ReleaseSubscriptionScheduleInput = CommandInput<typeof releaseSubscriptionSchedule>;
/** What `releaseSubscriptionSchedule` returns. */
export type ReleaseSubscriptionScheduleResult = CommandResult<typeof releaseSubscriptionSchedule>;
/** What `createMeterEvent` takes. */
export type CreateMeterEventInput = CommandInput<typeof createMeterEvent>;
/** What `createMeterEvent` returns. */
export type CreateMeterEventResult = CommandResult<typeof createMeterEvent>;
/** What `listMeters` takes. */
export type ListMetersInput = CommandInput<typeof listMeters>;
/** What `listMeters` returns. */
export type ListMetersResult = CommandResult<typeof listMeters>;
