/** Where a free try's files live; everything of one try sits under its folder, so deleting it is one call. */
export const freeTryFolder = (freeTryId: string): string => `free-tries/${freeTryId}`;

export const freeTryKeys = (freeTryId: string) => {
  const folder = freeTryFolder(freeTryId);
  return {
    folder,
    /** The photo as uploaded (cleaned, upright), full size: what every redecoration starts from. */
    original: `${folder}/original.jpg`,
    /** The same photo at preview size, for the before/after slider. */
    before: `${folder}/before.jpg`,
  };
};

/** One render's files: the clean full-size result (the HD download) and the watermarked preview. */
export const versionKeys = (freeTryId: string, version: number) => {
  const folder = `${freeTryFolder(freeTryId)}/v${version}`;
  return { folder, result: `${folder}/result.jpg`, preview: `${folder}/preview.jpg` };
};
