import { renderInvoice, vatPartCents, type InvoiceData } from './invoice-document';

/** The text of pdfkit's uncompressed TJ arrays (WinAnsi: Latin-1 apart from the euro sign). */
function pdfText(pdf: Buffer): string {
  return [...pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map(([, array]) =>
      [...array.matchAll(/<([0-9a-fA-F]*)>/g)]
        .map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1').replace(/\x80/g, '€'))
        .join(''),
    )
    .join('\n');
}

const base: InvoiceData = {
  language: 'en',
  number: 'EST-2026-000042',
  date: new Date('2026-03-15T10:00:00Z'),
  buyer: { name: 'Ana Soler', email: 'ana@example.com', company: '' },
  line: { kind: 'decoration' },
  discountCents: 0,
  totalCents: 299,
};

describe('invoice document', () => {
  it('takes the VAT part out of a VAT-included total', () => {
    expect(vatPartCents(12100)).toBe(2100);
    expect(vatPartCents(299)).toBe(52);
    expect(vatPartCents(100)).toBe(17);
  });

  it('describes a subscription with its cycle and period, and shows the discount', async () => {
    const text = pdfText(
      await renderInvoice({
        ...base,
        language: 'es',
        line: {
          kind: 'subscription',
          name: 'Pro',
          cycle: 'annual',
          periodStart: new Date('2026-03-15T10:00:00Z'),
          periodEnd: new Date('2027-03-15T10:00:00Z'),
        },
        discountCents: 1000,
        totalCents: 29000,
      }),
    );
    expect(text).toContain('Plan Pro, anual');
    expect(text).toContain('Periodo: del 15 de marzo de 2026 al 15 de marzo de 2027');
    expect(text).toMatch(/Subtotal\n300,00\s€/);
    expect(text).toMatch(/Descuento\n-10,00\s€/);
    expect(text).toMatch(/Total\n290,00\s€/);
    expect(text).toMatch(/IVA incluido \(21 %\): de los cuales IVA 50,33\s€/);
  });

  it('names a single decoration and extra decorations in English', async () => {
    expect(pdfText(await renderInvoice(base))).toContain('Single decoration');
    const extra = pdfText(
      await renderInvoice({ ...base, line: { kind: 'extra_decorations', quantity: 3 }, totalCents: 300 }),
    );
    expect(extra).toContain('3 extra decorations');
    expect(extra).toContain('IVA included (21 %)');
    expect(extra).toContain('€3.00');
    expect(extra).not.toContain('Discount');
  });
});
