// Every wait waits on its condition, with a ceiling only a real failure reaches (decision 0234).
import { generousWaitFor } from '../../../test-support/wait-ceiling.js';

generousWaitFor();
