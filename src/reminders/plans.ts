// When a title's episodes air, as reminders see it: its airing plan (worked out once per stored
// record) and why nothing more is expected of it.

import { airingPlan, planEnded, type AiringPlan } from '../airing/air-times.js';
import type { MessageKey } from '../i18n/index.js';
import type { TitleInfo } from './records.js';

const plans = new WeakMap<object, AiringPlan | null>();

/** The plan reminders use; undefined when nothing more is expected. Worked out once per stored title record. */
export function reminderPlan(info: Pick<TitleInfo, 'status' | 'broadcast' | 'start_date' | 'num_episodes'>): AiringPlan | undefined {
  let plan = plans.get(info);
  if (plan === undefined) plans.set(info, (plan = airingPlan(info) ?? null));
  return plan ?? undefined;
}

/** Why no episode of a title is expected: finished airing, no broadcast time, no start date yet, all episodes aired. */
export type InactiveReason = 'finished' | 'noBroadcastTime' | 'noStartDate' | 'allAired';

/** The catalogue's words for each reason. */
export const INACTIVE_KEY: Readonly<Record<InactiveReason, MessageKey>> = {
  finished: 'reminders.inactive.finished',
  noBroadcastTime: 'reminders.inactive.noBroadcastTime',
  noStartDate: 'reminders.inactive.noStartDate',
  allAired: 'reminders.inactive.allAired',
};

/** Why no episode of the title is expected at `now`; undefined when one is. */
export function whyInactive(info: TitleInfo, now: number): InactiveReason | undefined {
  if (info.status === 'finished_airing') return 'finished';
  const plan = reminderPlan(info);
  if (!plan) return info.broadcast?.start_time === undefined ? 'noBroadcastTime' : 'noStartDate';
  if (planEnded(plan, now)) return 'allAired';
  return undefined;
}
