// The login burst and the /profile burst at the default budget on sqlite (the case itself: login-burst-case.ts).
import { describeLoginBurst } from './login-burst-case.js';

describeLoginBurst('sqlite');
