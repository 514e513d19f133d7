// A location's letterhead logo (decision 0098): a PNG or JPEG of at most 1 MB, kept in the
// document storage under a key the server makes, printed at the top of the location's PDFs.
// Security: the file's type is read from its first bytes, never from its name or claimed type, the
// image is decoded in full before it is kept (platform/image-check.ts, decision 0146), and
// the image is only ever served as that type with nosniff (the route); a location of another
// account is not found before the body is read.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { LOCATION_LOGO_MAX_BYTES, LOCATION_LOGO_TYPES, LOCATION_MESSAGES, type Location } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, HttpError, notFound } from '../../platform/errors.js';
import { printableImage } from '../../platform/pdf-renderer.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { readStored, sniffContentType, type DocumentStorage } from '../../platform/document-storage.js';
import type { UploadFile } from '../../platform/upload-body.js';
import { locationsRepository } from './locations.repository.js';
import type { LocationsService } from './locations.service.js';

export interface Logo {
  data: Buffer;
  contentType: string;
}

export class LocationLogoService {
  constructor(
    private readonly db: Db,
    private readonly storage: DocumentStorage,
    private readonly locations: LocationsService,
  ) {}

  /** The location must be of this account before anything is read (404, like any other id of theirs). */
  async assertVisible(scope: Scope, locationId: string): Promise<void> {
    if (!(await locationsRepository.findById(this.db, scope, locationId))) throw notFound();
  }

  /**
   * Reads the file (at most 1 MB: it is held in memory), checks its type, stores it, and points the
   * location at it; the logo it replaces is deleted once the change is committed.
   */
  async upload(auth: AuthContext, locationId: string, file: UploadFile): Promise<Location> {
    await this.assertVisible(auth, locationId);
    const data = await readAtMost(file, LOCATION_LOGO_MAX_BYTES);
    await file.finished();
    const contentType = sniffContentType(data.subarray(0, 16));
    if (!contentType || !LOCATION_LOGO_TYPES[contentType]) throw new HttpError(415, LOCATION_MESSAGES.logoBadType);
    // Decoded in full now, not only sniffed: a broken image would break every PDF of the location.
    if ((await printableImage(data)) !== contentType) throw badRequest(LOCATION_MESSAGES.logoUnreadable);
    const key = `${auth.accountId}/logos/${randomUUID()}`;
    await this.storage.put(key, Readable.from([data]));
    let replaced: string | null = null;
    try {
      await this.db.transaction(async (tx) => {
        // Held while it changes: two uploads at once each delete only the logo they replaced.
        const row = await locationsRepository.findById(tx, auth, locationId, { lock: 'update' });
        if (!row) throw notFound();
        replaced = row.logoStorageKey;
        await locationsRepository.update(tx, auth, locationId, { logoStorageKey: key, logoContentType: contentType });
      });
    } catch (err) {
      await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
    if (replaced) await this.storage.delete(replaced).catch(() => undefined);
    return this.locations.get(auth, locationId);
  }

  async remove(auth: AuthContext, locationId: string): Promise<Location> {
    const removed = await this.db.transaction(async (tx) => {
      const row = await locationsRepository.findById(tx, auth, locationId, { lock: 'update' });
      if (!row) throw notFound();
      if (row.logoStorageKey) await locationsRepository.update(tx, auth, locationId, { logoStorageKey: null, logoContentType: null });
      return row.logoStorageKey;
    });
    if (removed) await this.storage.delete(removed).catch(() => undefined);
    return this.locations.get(auth, locationId);
  }

  /** The logo, or undefined when the location has none (or its file is gone). */
  async find(scope: Scope, locationId: string): Promise<Logo | undefined> {
    const row = await locationsRepository.findById(this.db, scope, locationId);
    if (!row) throw notFound();
    if (!row.logoStorageKey || !row.logoContentType) return undefined;
    try {
      return { data: await readStored(this.storage, row.logoStorageKey), contentType: row.logoContentType };
    } catch {
      return undefined;
    }
  }

  /** The logo to serve: 404 with its own message when there is none. */
  async open(scope: Scope, locationId: string): Promise<Logo> {
    const logo = await this.find(scope, locationId);
    if (!logo) throw new HttpError(404, LOCATION_MESSAGES.noLogo);
    return logo;
  }
}

/** The file's bytes, or 413 once it is over `max` (the rest is still read off, so the request ends cleanly). */
function readAtMost(file: UploadFile, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let over = false;
    file.stream.on('data', (chunk: Buffer) => {
      if (over) return;
      length += chunk.length;
      if (length > max) {
        over = true;
        chunks.length = 0;
        reject(new HttpError(413, LOCATION_MESSAGES.logoTooLarge));
      } else chunks.push(chunk);
    });
    file.stream.once('end', () => resolve(Buffer.concat(chunks)));
    file.stream.once('error', reject);
  });
}
