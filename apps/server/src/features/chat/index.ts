// What other features use of SMS chat: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export type { ChatService } from './chat.service.js';
