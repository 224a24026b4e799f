// English messages of people's lists, list changes, profiles, the forum, login and logout, the login confirmation page. The keys are the catalogue's; every other locale has exactly these.

export const lists = {
} as const;
