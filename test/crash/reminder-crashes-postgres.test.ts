// Reminders through SIGKILLs on postgres (the case itself: reminder-crash-case.ts).
import { describeReminderCrashes } from './reminder-crash-case.js';

describeReminderCrashes('postgres');
