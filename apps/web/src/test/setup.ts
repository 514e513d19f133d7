// The web tests run beside the server's on a busy machine: a screen that appears after several
// requests and a re-render may take longer than Testing Library's 1 s default to show. findBy and
// waitFor still return the moment it does; only a real failure waits the whole 5 s.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
