// English messages of episode reminders: the /remind command, reminder lists and the reminder posts. The keys are the catalogue's; every other locale has exactly these.

export const reminders = {
} as const;
