// What other features use of communications: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export type { CommunicationsService } from './communications.service.js';
export { toE164 } from './phone.js';
export { communicationsRepository } from './communications.repository.js';
export type { OutboxRow } from './communications.repository.js';
export type { ChatListRow, ChatMessageRow, ConversationRef } from './sms-conversations.repository.js';
