import { describe, expect, it, vi } from 'vitest';
import {
  createWizardDrafts,
  memoryDraftStorage,
  type DraftStorage,
  type WizardDraft,
  type WizardDraftPhoto,
} from './wizard-draft';

const USER = 'user-1';

const photo = (id: string, overrides: Partial<WizardDraftPhoto> = {}): WizardDraftPhoto => ({
  id,
  file: new File([`bytes of ${id}`], `${id}.jpg`, { type: 'image/jpeg' }),
  roomType: 'livingroom',
  style: 'modern',
  type: 'automatic',
  emptyRoom: false,
  ...overrides,
});

const aDraft = (overrides: Partial<WizardDraft> = {}): WizardDraft => ({
  propertyName: 'Piso Gràcia',
  projectId: null,
  photos: [photo('a'), photo('b', { roomType: 'kitchen', style: 'rustic', type: 'supervised' })],
  ...overrides,
});

/** The memory storage with its writes recorded, to see what each save costs. */
function recordedStorage() {
  const storage = memoryDraftStorage();
  const write = vi.fn(storage.write);
  return { storage: { get: storage.get, write } satisfies DraftStorage, write };
}

describe('wizard drafts', () => {
  it('gives back the photos (bytes, name, type) and every choice that was saved', async () => {
    const drafts = createWizardDrafts(memoryDraftStorage());
    await drafts.save(USER, aDraft({ photos: [photo('a', { emptyRoom: true, imageId: 'img-1' })] }));
    const loaded = await drafts.load(USER);
    expect(loaded).toMatchObject({ propertyName: 'Piso Gràcia', projectId: null });
    expect(loaded?.photos).toHaveLength(1);
    const [restored] = loaded?.photos ?? [];
    expect(restored).toMatchObject({
      id: 'a',
      roomType: 'livingroom',
      style: 'modern',
      type: 'automatic',
      emptyRoom: true,
      imageId: 'img-1',
    });
    expect(restored.file).toBeInstanceOf(File);
    expect(restored.file.name).toBe('a.jpg');
    expect(restored.file.type).toBe('image/jpeg');
    expect(await restored.file.text()).toBe('bytes of a');
  });

  it("keeps each user's draft apart", async () => {
    const drafts = createWizardDrafts(memoryDraftStorage());
    await drafts.save(USER, aDraft());
    expect(await drafts.load('user-2')).toBeNull();
  });

  it('writes a photo once and forgets the bytes of a removed one', async () => {
    const { storage, write } = recordedStorage();
    const drafts = createWizardDrafts(storage);
    await drafts.save(USER, aDraft());
    expect(write.mock.calls[0][0].map(([key]) => key)).toEqual([
      `draft:${USER}`,
      `photo:${USER}:a`,
      `photo:${USER}:b`,
    ]);

    // A new style for photo b: only the draft record is written again.
    await drafts.save(USER, aDraft({ photos: [photo('a'), photo('b', { style: 'classic' })] }));
    expect(write.mock.calls[1][0].map(([key]) => key)).toEqual([`draft:${USER}`]);
    expect(write.mock.calls[1][1]).toEqual([]);

    await drafts.save(USER, aDraft({ photos: [photo('b', { style: 'classic' })] }));
    expect(write.mock.calls[2][1]).toEqual([`photo:${USER}:a`]);
    const loaded = await drafts.load(USER);
    expect(loaded?.photos.map((p) => [p.id, p.style])).toEqual([['b', 'classic']]);
    expect(await storage.get(`photo:${USER}:a`)).toBeUndefined();
  });

  it('clears the draft and all its photos, also when saved empty', async () => {
    const storage = memoryDraftStorage();
    const drafts = createWizardDrafts(storage);
    await drafts.save(USER, aDraft());
    await drafts.clear(USER);
    expect(await drafts.load(USER)).toBeNull();
    expect(await storage.get(`photo:${USER}:a`)).toBeUndefined();

    await drafts.save(USER, aDraft());
    await drafts.save(USER, { propertyName: ' ', projectId: null, photos: [] });
    expect(await drafts.load(USER)).toBeNull();
    expect(await storage.get(`photo:${USER}:b`)).toBeUndefined();
  });

  it('runs saves and clears in order: a save started before a clear never brings the draft back', async () => {
    const drafts = createWizardDrafts(memoryDraftStorage());
    const saving = drafts.save(USER, aDraft());
    const clearing = drafts.clear(USER);
    await Promise.all([saving, clearing]);
    expect(await drafts.load(USER)).toBeNull();
  });

  it('keeps the project a stopped finish created, and the photos the API already holds', async () => {
    const drafts = createWizardDrafts(memoryDraftStorage());
    await drafts.save(USER, aDraft({ projectId: 'project-1', photos: [photo('a', { imageId: 'img-1' })] }));
    const loaded = await drafts.load(USER);
    expect(loaded?.projectId).toBe('project-1');
    expect(loaded?.photos[0].imageId).toBe('img-1');
  });

  it('reads an unreadable draft as none, and drops a photo whose bytes are gone', async () => {
    const storage = memoryDraftStorage();
    const drafts = createWizardDrafts(storage);
    await storage.write([[`draft:${USER}`, { version: 99, photos: 'nope' }]], []);
    expect(await drafts.load(USER)).toBeNull();

    await drafts.save(USER, aDraft());
    await storage.write([], [`photo:${USER}:a`]);
    expect((await drafts.load(USER))?.photos.map((p) => p.id)).toEqual(['b']);

    // A room type from an older catalogue: the draft is not trusted.
    const record = (await storage.get(`draft:${USER}`)) as { photos: { roomType: string }[] };
    record.photos[0].roomType = 'ballroom';
    await storage.write([[`draft:${USER}`, record]], []);
    expect(await drafts.load(USER)).toBeNull();
  });

  it('lets a failed write fail that save only', async () => {
    const storage = memoryDraftStorage();
    let broken = true;
    const drafts = createWizardDrafts({
      get: storage.get,
      write: (puts, deletes) =>
        broken ? Promise.reject(new Error('QuotaExceededError')) : storage.write(puts, deletes),
    });
    await expect(drafts.save(USER, aDraft())).rejects.toThrow('QuotaExceededError');
    broken = false;
    await drafts.save(USER, aDraft());
    expect((await drafts.load(USER))?.photos).toHaveLength(2);
  });
});
