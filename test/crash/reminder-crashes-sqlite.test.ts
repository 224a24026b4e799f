// Reminders through SIGKILLs on sqlite (the case itself: reminder-crash-case.ts).
import { describeReminderCrashes } from './reminder-crash-case.js';

describeReminderCrashes('sqlite');
