// A list import through a SIGKILL on postgres (the case itself: import-crash-case.ts).
import { describeImportCrash } from './import-crash-case.js';

describeImportCrash('postgres');
