// English messages of search, details, rankings, seasons and the schedule. The keys are the catalogue's; every other locale has exactly these.

export const catalogue = {
} as const;
