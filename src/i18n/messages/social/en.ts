// English messages of the server community: /server, /compare, leaderboards and the activity feed. The keys are the catalogue's; every other locale has exactly these.

export const social = {
} as const;
