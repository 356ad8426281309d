import { z } from 'zod';
import {
  DECORATION_TYPES,
  LIMITS,
  ROOM_TYPES,
  STYLES,
  type DecorationType,
  type RoomType,
  type Style,
} from '@estancia/contracts';

/**
 * The new-project wizard's draft, kept in the browser so a reload or a trip to the payment gateway
 * (the customer ran out of credits) does not lose the photos and choices. Photos are Blobs, too big for
 * localStorage: IndexedDB holds them. One draft per user, so a shared computer does not mix customers.
 */
export interface WizardDraftPhoto {
  /** Stable across saves and reloads: names the photo's blob record. */
  id: string;
  file: File;
  roomType: RoomType;
  style: Style;
  type: DecorationType;
  emptyRoom: boolean;
  /** The API already holds this photo (a finish that stopped at the order). */
  imageId?: string;
}

export interface WizardDraft {
  propertyName: string;
  /** The project a stopped finish already created: the next finish reuses it. */
  projectId: string | null;
  photos: WizardDraftPhoto[];
}

export const isEmptyDraft = (draft: WizardDraft): boolean =>
  draft.photos.length === 0 && draft.propertyName.trim() === '' && !draft.projectId;

/** Where the records live: IndexedDB in the browser, a Map where there is none (tests, old browsers). */
export interface DraftStorage {
  get(key: string): Promise<unknown>;
  /** Puts and deletes in one transaction: the draft and its photos never disagree. */
  write(puts: ReadonlyArray<readonly [string, unknown]>, deletes: readonly string[]): Promise<void>;
}

const DRAFT_VERSION = 1;

/** The draft's record without the photos' bytes; each photo's Blob is its own record, written once. */
const draftRecordSchema = z.object({
  version: z.literal(DRAFT_VERSION),
  savedAt: z.string(),
  propertyName: z.string().max(200),
  projectId: z.string().nullable(),
  photos: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        name: z.string().max(500),
        mimeType: z.string().max(100),
        roomType: z.enum(ROOM_TYPES),
        style: z.enum(STYLES),
        type: z.enum(DECORATION_TYPES),
        emptyRoom: z.boolean(),
        imageId: z.string().optional(),
      }),
    )
    .max(LIMITS.maxPhotosPerProject),
});
type DraftRecord = z.infer<typeof draftRecordSchema>;

const draftKey = (userId: string) => `draft:${userId}`;
const photoKey = (userId: string, photoId: string) => `photo:${userId}:${photoId}`;

/** A new photo id: unique enough within one user's draft, and no secure context needed. */
export const newDraftPhotoId = (): string =>
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function createWizardDrafts(storage: DraftStorage) {
  // Saves and clears run one after another: a late save never resurrects a cleared draft.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const readRecord = async (userId: string): Promise<DraftRecord | null> => {
    const parsed = draftRecordSchema.safeParse(await storage.get(draftKey(userId)));
    return parsed.success ? parsed.data : null;
  };

  const clear = async (userId: string) => {
    const record = await readRecord(userId);
    const photos = record?.photos.map((photo) => photoKey(userId, photo.id)) ?? [];
    await storage.write([], [draftKey(userId), ...photos]);
  };

  return {
    /** The user's draft, or null when there is none (or it is unreadable: a draft is never worth an error). */
    load: (userId: string): Promise<WizardDraft | null> =>
      serial(async () => {
        const record = await readRecord(userId);
        if (!record) return null;
        const photos: WizardDraftPhoto[] = [];
        for (const photo of record.photos) {
          const blob = await storage.get(photoKey(userId, photo.id));
          // A photo whose bytes went missing is dropped; the rest of the draft still helps.
          if (!(blob instanceof Blob)) continue;
          photos.push({
            id: photo.id,
            file: new File([blob], photo.name, { type: photo.mimeType || blob.type }),
            roomType: photo.roomType,
            style: photo.style,
            type: photo.type,
            emptyRoom: photo.emptyRoom,
            ...(photo.imageId ? { imageId: photo.imageId } : {}),
          });
        }
        return { propertyName: record.propertyName, projectId: record.projectId, photos };
      }),

    /** Stores the draft: new photos' bytes once, the choices every time; an empty draft is cleared. */
    save: (userId: string, draft: WizardDraft): Promise<void> =>
      serial(async () => {
        if (isEmptyDraft(draft)) return clear(userId);
        const before = await readRecord(userId);
        const stored = new Set(before?.photos.map((photo) => photo.id) ?? []);
        const kept = new Set(draft.photos.map((photo) => photo.id));
        const record: DraftRecord = {
          version: DRAFT_VERSION,
          savedAt: new Date().toISOString(),
          propertyName: draft.propertyName,
          projectId: draft.projectId,
          photos: draft.photos.map((photo) => ({
            id: photo.id,
            name: photo.file.name,
            mimeType: photo.file.type,
            roomType: photo.roomType,
            style: photo.style,
            type: photo.type,
            emptyRoom: photo.emptyRoom,
            ...(photo.imageId ? { imageId: photo.imageId } : {}),
          })),
        };
        const puts: (readonly [string, unknown])[] = [[draftKey(userId), record]];
        for (const photo of draft.photos) {
          if (!stored.has(photo.id)) puts.push([photoKey(userId, photo.id), photo.file]);
        }
        const deletes = [...stored].filter((id) => !kept.has(id)).map((id) => photoKey(userId, id));
        await storage.write(puts, deletes);
      }),

    clear: (userId: string): Promise<void> => serial(() => clear(userId)),
  };
}

export type WizardDrafts = ReturnType<typeof createWizardDrafts>;

/** A Map standing in for IndexedDB: same contract, gone with the page. */
export function memoryDraftStorage(): DraftStorage {
  const records = new Map<string, unknown>();
  return {
    get: async (key) => records.get(key),
    write: async (puts, deletes) => {
      for (const key of deletes) records.delete(key);
      for (const [key, value] of puts) records.set(key, value);
    },
  };
}

const DB_NAME = 'estancia';
const DB_VERSION = 1;
const STORE = 'wizard-drafts';

const settled = (request: IDBRequest | IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    if ('oncomplete' in request) {
      request.oncomplete = () => resolve();
      request.onabort = () => reject(request.error ?? new Error('IndexedDB transaction aborted'));
      request.onerror = () => reject(request.error ?? new Error('IndexedDB transaction failed'));
    } else {
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    }
  });

/** The raw IndexedDB API: one database, one object store keyed by the record's name. */
export function indexedDbDraftStorage(factory: IDBFactory = indexedDB): DraftStorage {
  let opening: Promise<IDBDatabase> | null = null;
  const open = () => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
      };
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading the database: let it, and open again next time.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
      request.onblocked = () => reject(new Error('IndexedDB blocked by another tab'));
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };
  return {
    get: async (key) => {
      const request = (await open()).transaction(STORE, 'readonly').objectStore(STORE).get(key);
      await settled(request);
      return request.result as unknown;
    },
    write: async (puts, deletes) => {
      const transaction = (await open()).transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      for (const key of deletes) store.delete(key);
      for (const [key, value] of puts) store.put(value, key);
      await settled(transaction);
    },
  };
}

/** The app's drafts: IndexedDB when the browser has it. */
export const wizardDrafts = createWizardDrafts(
  typeof indexedDB === 'undefined' ? memoryDraftStorage() : indexedDbDraftStorage(),
);
