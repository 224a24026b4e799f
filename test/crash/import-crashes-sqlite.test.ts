// A list import through a SIGKILL on sqlite (the case itself: import-crash-case.ts).
import { describeImportCrash } from './import-crash-case.js';

describeImportCrash('sqlite');
