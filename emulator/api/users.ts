import { ANIME_LIST_STATUSES } from '../catalogue/types.js';
import { type EmulatorState, type UserRecord } from '../state.js';
import { requireUser } from './caller.js';
import { ok, type ApiContext, type Answer } from './context.js';
import { notFound } from './errors.js';
import { parseFieldsParam } from './params.js';

const DAY_SECONDS = 86_400;

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** anime_statistics computed from the user's current anime list. */
export function animeStatistics(state: EmulatorState, user: UserRecord): Record<string, number> {
  const items: Record<string, number> = Object.fromEntries(ANIME_LIST_STATUSES.map((s) => [s, 0]));
  const days: Record<string, number> = Object.fromEntries(ANIME_LIST_STATUSES.map((s) => [s, 0]));
  let episodes = 0;
  let rewatched = 0;
  let scoreSum = 0;
  let scored = 0;
  for (const [id, e] of user.lists.anime) {
    const work = state.catalogue.anime.byId.get(id);
    const duration = work?.average_episode_duration ?? 0;
    const status = e.status ?? 'plan_to_watch';
    items[status] = (items[status] ?? 0) + 1;
    const watchedSeconds = (e.episodes + e.timesRepeated * (work?.num_episodes ?? 0)) * duration;
    days[status] = (days[status] ?? 0) + watchedSeconds / DAY_SECONDS;
    episodes += e.episodes;
    rewatched += e.timesRepeated;
    if (e.score > 0) {
      scoreSum += e.score;
      scored++;
    }
  }
  const totalDays = Object.values(days).reduce((a, b) => a + b, 0);
  return {
    num_items_watching: items.watching ?? 0,
    num_items_completed: items.completed ?? 0,
    num_items_on_hold: items.on_hold ?? 0,
    num_items_dropped: items.dropped ?? 0,
    num_items_plan_to_watch: items.plan_to_watch ?? 0,
    num_items: user.lists.anime.size,
    num_days_watched: round2(totalDays),
    num_days_watching: round2(days.watching ?? 0),
    num_days_completed: round2(days.completed ?? 0),
    num_days_on_hold: round2(days.on_hold ?? 0),
    num_days_dropped: round2(days.dropped ?? 0),
    num_days: round2(totalDays),
    num_episodes: episodes,
    num_times_rewatched: rewatched,
    mean_score: scored === 0 ? 0 : round2(scoreSum / scored),
  };
}

/** GET /users/{name}: only `@me` exists; any other name answers 404. */
export function me(ctx: ApiContext): Answer {
  if (ctx.params.user !== '@me') throw notFound();
  const user = requireUser(ctx.caller);
  const fields = parseFieldsParam(ctx.query);
  const p = user.profile;
  const out: Record<string, unknown> = { id: p.id, name: p.name };
  if (p.picture !== undefined) out.picture = p.picture;
  if (p.gender !== undefined) out.gender = p.gender;
  if (p.birthday !== undefined) out.birthday = p.birthday;
  out.location = p.location;
  out.joined_at = p.joined_at;
  for (const name of fields.keys()) {
    if (name === 'anime_statistics') out.anime_statistics = animeStatistics(ctx.state, user);
    else if (name === 'time_zone') out.time_zone = p.time_zone;
    else if (name === 'is_supporter') out.is_supporter = p.is_supporter;
  }
  return ok(out);
}
