import { sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import type { TokenSigner } from './platform/tokens.js';
import { AccountsService } from './features/accounts/accounts.service.js';
import { AuthService } from './features/auth/auth.service.js';
import { LocationsService } from './features/locations/locations.service.js';
import { ProfileService } from './features/profile/profile.service.js';
import { RolesService } from './features/roles/roles.service.js';
import { UsersService } from './features/users/users.service.js';

/** Every feature's service, built once per app from the database and the token signer. */
export function createServices(db: Db, signer: TokenSigner, opts: { secureCookies: boolean }) {
  return {
    db,
    auth: new AuthService(db, signer, opts.secureCookies),
    profile: new ProfileService(db),
    accounts: new AccountsService(db),
    locations: new LocationsService(db),
    users: new UsersService(db),
    roles: new RolesService(db),
    async ping() {
      await db.execute(sql`select 1`);
    },
  };
}
export type Services = ReturnType<typeof createServices>;
