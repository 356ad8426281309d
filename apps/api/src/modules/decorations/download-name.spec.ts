import {
  attachmentDisposition,
  decorationDownloadName,
  freeTryDownloadName,
  projectZipName,
} from './download-name';

/** What a browser makes of `filename*=UTF-8''...` (RFC 8187). */
const extValue = (header: string) => decodeURIComponent(/filename\*=UTF-8''([^;\s]+)/.exec(header)![1]!);
const plainValue = (header: string) => /filename="([^"]*)"/.exec(header)![1];

describe('download file names', () => {
  it('names a decoration by property, room and style in the customer’s language, and its number', () => {
    const piso = { propertyName: 'Piso Gràcia', roomType: 'livingroom', style: 'scandinavian' } as const;
    expect(decorationDownloadName({ ...piso, ordinal: 1, extension: 'jpg', locale: 'es' })).toEqual({
      utf8: 'Piso-Gràcia_salón_escandinavo_1.jpg',
      ascii: 'Piso-Gracia_salon_escandinavo_1.jpg',
    });
    expect(decorationDownloadName({ ...piso, ordinal: 2, extension: 'png', locale: 'ca' })).toEqual({
      utf8: 'Piso-Gràcia_sala-d-estar_escandinau_2.png',
      ascii: 'Piso-Gracia_sala-d-estar_escandinau_2.png',
    });
    expect(
      decorationDownloadName({
        ...piso,
        roomType: 'childrenroom',
        ordinal: 3,
        extension: '.JPG',
        locale: 'en',
      }),
    ).toEqual({
      utf8: 'Piso-Gràcia_children-s-room_scandinavian_3.jpg',
      ascii: 'Piso-Gracia_children-s-room_scandinavian_3.jpg',
    });
  });

  it('keeps names safe on any file system: no separators, no blanks, no hidden files, nothing too long', () => {
    const name = decorationDownloadName({
      propertyName: ' ../C/ Mallorca 3, 2º 1ª: "ático" <l·l> | ß_æ  ',
      roomType: 'bedroom',
      style: 'mediterranean',
      ordinal: 1,
      extension: 'jpg',
      locale: 'ca',
    });
    expect(name.utf8).toBe('C-Mallorca-3-2º-1ª-ático-ll-ß-æ_dormitori_mediterrani_1.jpg');
    expect(name.ascii).toBe('C-Mallorca-3-2o-1a-atico-ll-ss-ae_dormitori_mediterrani_1.jpg');
    for (const text of [name.utf8, name.ascii]) expect(text).not.toMatch(/[/\\:*?"<>|\s]|^\.|\.\./);
    expect(name.ascii).toMatch(/^[\x20-\x7e]+$/);

    const long = decorationDownloadName({
      propertyName: 'Àtic '.repeat(40),
      roomType: 'kitchen',
      style: 'modern',
      ordinal: 12,
      extension: 'jpg',
      locale: 'es',
    });
    expect(long.utf8).toMatch(/^(Àtic-){11}Àtic_cocina_moderno_12\.jpg$/);
    expect(long.utf8.split('_')[0]!.length).toBeLessThanOrEqual(60);
  });

  it('falls back to the product’s name when the property name has nothing to keep', () => {
    expect(projectZipName('  ???  ')).toEqual({ utf8: 'Estancia.zip', ascii: 'Estancia.zip' });
    expect(projectZipName('★★★ ../../')).toEqual({ utf8: 'Estancia.zip', ascii: 'Estancia.zip' });
    expect(projectZipName('Ático Poblenou')).toEqual({
      utf8: 'Ático-Poblenou.zip',
      ascii: 'Atico-Poblenou.zip',
    });
    // Another script keeps its name in UTF-8; the ASCII fallback names the product.
    expect(projectZipName('Квартира')).toEqual({ utf8: 'Квартира.zip', ascii: 'Estancia.zip' });
  });

  it('names a visitor’s free try by the product, the room and the style', () => {
    expect(
      freeTryDownloadName({ roomType: 'bathroom', style: 'classic', extension: 'jpg', locale: 'es' }),
    ).toEqual({
      utf8: 'Estancia_baño_clásico.jpg',
      ascii: 'Estancia_bano_clasico.jpg',
    });
  });

  it('writes RFC 6266 Content-Disposition: a plain ASCII filename and the UTF-8 filename*', () => {
    const header = attachmentDisposition(
      decorationDownloadName({
        propertyName: "L'Àtic (Sarrià)*",
        roomType: 'livingroom',
        style: 'rustic',
        ordinal: 1,
        extension: 'jpg',
        locale: 'es',
      }),
    );
    expect(header.startsWith('attachment; ')).toBe(true);
    expect(plainValue(header)).toBe('L-Atic-Sarria_salon_rustico_1.jpg');
    expect(extValue(header)).toBe('L-Àtic-Sarrià_salón_rústico_1.jpg');
    // Only RFC 8187 attr-chars and %-escapes after UTF-8''.
    expect(/filename\*=UTF-8''(\S+)$/.exec(header)![1]).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(attachmentDisposition({ ascii: "it's", utf8: "it's (1)*" })).toBe(
      `attachment; filename="it's"; filename*=UTF-8''it%27s%20%281%29%2A`,
    );
  });
});
