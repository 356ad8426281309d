import { describe, expect, it } from 'vitest';
import { attachmentFileName } from './projects-api';

describe('the name a download is saved under', () => {
  it('prefers the UTF-8 filename* of Content-Disposition, so accents survive', () => {
    expect(
      attachmentFileName(
        `attachment; filename="Piso-Gracia_salon_escandinavo_1.jpg"; filename*=UTF-8''Piso-Gr%C3%A0cia_sal%C3%B3n_escandinavo_1.jpg`,
      ),
    ).toBe('Piso-Gràcia_salón_escandinavo_1.jpg');
  });

  it('falls back to the plain filename, quoted or not, and to nothing', () => {
    expect(attachmentFileName('attachment; filename="Atic.zip"')).toBe('Atic.zip');
    expect(attachmentFileName('attachment; filename=Atic.zip')).toBe('Atic.zip');
    expect(attachmentFileName(`attachment; filename="Atic.zip"; filename*=UTF-8''%E0%A4%A`)).toBe('Atic.zip');
    expect(attachmentFileName('attachment')).toBeNull();
    expect(attachmentFileName(null)).toBeNull();
  });
});
