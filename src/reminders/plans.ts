// When a title's episodes air, as reminders see it: its airing plan (worked out once per stored
// record) and why nothing more is expected of it.

import { airingPlan, planEnded, type AiringPlan } from '../airing/air-times.js';
import type { TitleInfo } from './records.js';

const plans = new WeakMap<object, AiringPlan | null>();

/** The plan reminders use; undefined when nothing more is expected. Worked out once per stored title record. */
export function reminderPlan(info: Pick<TitleInfo, 'status' | 'broadcast' | 'start_date' | 'num_episodes'>): AiringPlan | undefined {
  let plan = plans.get(info);
  if (plan === undefined) plans.set(info, (plan = airingPlan(info) ?? null));
  return plan ?? undefined;
}

/** Why no episode of the title is expected at `now`; undefined when one is. */
export function whyInactive(info: TitleInfo, now: number): string | undefined {
  if (info.status === 'finished_airing') return 'finished airing';
  const plan = reminderPlan(info);
  if (!plan) return info.broadcast?.start_time === undefined ? 'no broadcast time known' : 'no start date known yet';
  if (planEnded(plan, now)) return 'all episodes aired';
  return undefined;
}
