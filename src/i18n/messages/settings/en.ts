// English messages of /settings: title forms and the server default. The keys are the catalogue's; every other locale has exactly these.

export const settings = {
} as const;
