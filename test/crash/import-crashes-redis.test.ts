// A list import through a SIGKILL on redis (the case itself: import-crash-case.ts).
import { describeImportCrash } from './import-crash-case.js';

describeImportCrash('redis');
