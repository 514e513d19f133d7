// Every wait waits on its condition, with a ceiling only a real failure reaches (issue 34,
// decision 0234): the web tests run beside the server's on a busy machine, where a screen that
// appears after several requests and a re-render can take many seconds. findBy, waitFor,
// vi.waitFor and expect.poll still return the moment their condition holds.
import { configure } from '@testing-library/react';
import { generousWaitFor, WAIT_CEILING_MS } from '../../../../test-support/wait-ceiling';
import { freshFile } from './fresh-file';
import { installJsdomLabelControl } from './jsdom-label-control';
import { installJsdomStyleIndex } from './jsdom-style-index';

// jsdom's getComputedStyle tries only the style rules that can match (jsdom-style-index.ts).
installJsdomStyleIndex();
// A label finds the element its `for` names by the document's ids, not a walk (jsdom-label-control.ts).
installJsdomLabelControl();

// Before anything of the file is imported: the file starts as in a fresh context (see fresh-file.ts).
freshFile();

configure({ asyncUtilTimeout: WAIT_CEILING_MS });
generousWaitFor();
