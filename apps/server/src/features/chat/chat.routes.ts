import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

export function chatRoutes(r: Router, c: Container) {
  r.route(api.listChats, ({ auth, query }) => c.chat.list(auth, query));
  r.route(api.getChatMessages, ({ auth, query }) => c.chat.messages(auth, query));
  r.route(api.getChatUnreadCount, ({ auth, query }) => c.chat.unreadCount(auth, query));
  r.route(api.markChatRead, ({ auth, body }) => c.chat.read(auth, body.data));
  r.route(api.replyToChat, ({ auth, body }) => c.chat.reply(auth, body.data));
  r.route(api.linkChat, ({ auth, body }) => c.chat.link(auth, body.data));
}
