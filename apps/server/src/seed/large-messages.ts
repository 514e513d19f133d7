// The large seed's SMS (SMS chat's bench): `messages` texts both ways between the account's
// clients (and a tenth of them unknown numbers) and its locations, about ten per conversation,
// over the last 90 days. Received texts are stored as Twilio's webhook stores them (a MessageSid of
// the seed's own), all read but the last one of every third conversation; sent texts are kept as
// the outbox keeps them at a location without Twilio (not sent, with why): the seed pretends no
// delivery. One conversation in fifty replied STOP. Set-based: a few INSERT … SELECT statements.
import { sql } from 'drizzle-orm';
import { INTEGRATION_MESSAGES } from '@willow/contracts';
import type { Db } from '../db/client.js';
import type { Scope } from '../platform/tenant-repository.js';

const PER_CONVERSATION = 10;
const SECONDS_IN_90_DAYS = 90 * 24 * 3600;

export async function seedLargeMessages(db: Db, scope: Scope, opts: { messages: number }, log: (msg: string) => void): Promise<void> {
  const t0 = performance.now();
  const accountId = scope.accountId;
  const conversations = Math.max(1, Math.ceil(opts.messages / PER_CONVERSATION));
  const known = Math.ceil(conversations * 0.9);
  await db.transaction(async (tx) => {
    // The conversations: `known` clients with a phone (E.164 of theirs), the rest numbers no client has.
    await tx.execute(sql`
      create temporary table seed_conversations on commit drop as
      select k, location_id, client_id, phone from (
        select row_number() over (order by c.id) as k, c.location_id, c.id as client_id, '+' || regexp_replace(c.phone, '[^0-9]', '', 'g') as phone
        from clients c where c.account_id = ${accountId} and c.phone is not null
        order by c.id limit ${known}
      ) clients_texting
      union all
      select ${known} + g, (select l.id from locations l where l.account_id = ${accountId} order by l.id offset (g % (select count(*) from locations where account_id = ${accountId})) limit 1),
             null, '+1999555' || lpad(g::text, 4, '0')
      from generate_series(1, ${conversations - known}) g`);
    // Text n of conversation k: odd ones received, even ones sent, ten minutes apart, the conversation's last one within 90 days.
    await tx.execute(sql`
      create temporary table seed_texts on commit drop as
      select s.k, s.location_id, s.client_id, s.phone, g.n,
             now() - ((s.k * 7919) % ${SECONDS_IN_90_DAYS}) * interval '1 second' - (${PER_CONVERSATION} - g.n) * interval '10 minutes' as at
      from seed_conversations s cross join generate_series(1, ${PER_CONVERSATION}) g(n)
      where (s.k - 1) * ${PER_CONVERSATION} + g.n <= ${opts.messages}`);
    await tx.execute(sql`
      insert into inbound_messages (account_id, location_id, client_id, from_number, to_number, body, provider_message_id, received_at, read_at)
      select ${accountId}, t.location_id, t.client_id, t.phone, '+15550100000',
             case when t.n = 1 then 'Hi, is my appointment still on?' else 'Thanks, see you then (' || t.n || ')' end,
             'SMseed' || t.k || '_' || t.n, t.at,
             case when t.k % 3 = 0 and t.n >= ${PER_CONVERSATION - 1} then null else t.at + interval '5 minutes' end
      from seed_texts t where t.n % 2 = 1`);
    await tx.execute(sql`
      insert into outbox_messages (account_id, location_id, client_id, channel, to_address, body, state, reason, due_at, created_at, updated_at)
      select ${accountId}, t.location_id, t.client_id, 'sms', t.phone, 'Yes, we will see you at ' || (8 + t.n % 9) || ':00.', 'notSent',
             ${INTEGRATION_MESSAGES.smsNotSetUp}, t.at, t.at, t.at
      from seed_texts t where t.n % 2 = 0`);
    await tx.execute(sql`
      insert into sms_opt_outs (account_id, location_id, phone, client_id, opted_out, keyword, changed_at)
      select ${accountId}, s.location_id, s.phone, s.client_id, true, 'STOP', now() - interval '1 day'
      from seed_conversations s where s.k % 50 = 0
      on conflict do nothing`);
  });
  await db.execute(sql`vacuum (analyze) inbound_messages, outbox_messages, sms_opt_outs`);
  log(`messages: ${opts.messages.toLocaleString('en-US')} in ${conversations.toLocaleString('en-US')} conversations (${Math.round((performance.now() - t0) / 1000)} s)`);
}
