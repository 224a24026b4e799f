// Reminders through SIGKILLs on redis (the case itself: reminder-crash-case.ts).
import { describeReminderCrashes } from './reminder-crash-case.js';

describeReminderCrashes('redis');
