import type { BillingCycle } from '@estancia/contracts';
import PDFDocument from 'pdfkit';

export type InvoiceLanguage = 'es' | 'ca' | 'en';

/** What the invoice line says was bought. */
export type InvoiceLine =
  | { kind: 'pack'; name: string; credits: number }
  | {
      kind: 'subscription';
      name: string;
      cycle: BillingCycle;
      periodStart: Date | null;
      periodEnd: Date | null;
    }
  | { kind: 'decoration' }
  | { kind: 'extra_decorations'; quantity: number };

export interface InvoiceData {
  language: InvoiceLanguage;
  number: string;
  date: Date;
  buyer: { name: string; email: string; company: string };
  line: InvoiceLine;
  discountCents: number;
  /** What was charged, VAT included. */
  totalCents: number;
}

/** Spanish VAT, included in every price. */
export const VAT_RATE = 0.21;

/** The VAT part of a VAT-included total, in cents. */
export const vatPartCents = (totalCents: number): number =>
  totalCents - Math.round(totalCents / (1 + VAT_RATE));

interface InvoiceWords {
  invoice: string;
  number: string;
  date: string;
  seller: string;
  buyer: string;
  description: string;
  amount: string;
  subtotal: string;
  discount: string;
  total: string;
  vatIncluded: string;
  vatPart: string;
  pack: (name: string, credits: number) => string;
  subscription: (name: string, cycle: BillingCycle) => string;
  period: (from: string, to: string) => string;
  decoration: string;
  extraDecorations: (quantity: number) => string;
  thanks: string;
}

/** The invoice's words in the buyer's language. */
const WORDS: Record<InvoiceLanguage, InvoiceWords> = {
  es: {
    invoice: 'Factura',
    number: 'Número de factura',
    date: 'Fecha',
    seller: 'Vendedor',
    buyer: 'Cliente',
    description: 'Concepto',
    amount: 'Importe',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    total: 'Total',
    vatIncluded: 'IVA incluido (21 %)',
    vatPart: 'de los cuales IVA',
    pack: (name, credits) => `Pack ${name}: ${credits} ${credits === 1 ? 'crédito' : 'créditos'}`,
    subscription: (name, cycle) => `Plan ${name}, ${cycle === 'annual' ? 'anual' : 'mensual'}`,
    period: (from, to) => `Periodo: del ${from} al ${to}`,
    decoration: 'Decoración individual',
    extraDecorations: (n) => `${n} ${n === 1 ? 'decoración adicional' : 'decoraciones adicionales'}`,
    thanks: 'Gracias por confiar en Estancia.',
  },
  ca: {
    invoice: 'Factura',
    number: 'Número de factura',
    date: 'Data',
    seller: 'Venedor',
    buyer: 'Client',
    description: 'Concepte',
    amount: 'Import',
    subtotal: 'Subtotal',
    discount: 'Descompte',
    total: 'Total',
    vatIncluded: 'IVA inclòs (21 %)',
    vatPart: "dels quals l'IVA",
    pack: (name, credits) => `Paquet ${name}: ${credits} ${credits === 1 ? 'crèdit' : 'crèdits'}`,
    subscription: (name, cycle) => `Pla ${name}, ${cycle === 'annual' ? 'anual' : 'mensual'}`,
    period: (from, to) => `Període: del ${from} al ${to}`,
    decoration: 'Decoració individual',
    extraDecorations: (n) => `${n} ${n === 1 ? 'decoració addicional' : 'decoracions addicionals'}`,
    thanks: 'Gràcies per confiar en Estancia.',
  },
  en: {
    invoice: 'Invoice',
    number: 'Invoice number',
    date: 'Date',
    seller: 'Seller',
    buyer: 'Customer',
    description: 'Description',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    total: 'Total',
    vatIncluded: 'IVA included (21 %)',
    vatPart: 'of which VAT',
    pack: (name, credits) => `${name} pack: ${credits} ${credits === 1 ? 'credit' : 'credits'}`,
    subscription: (name, cycle) => `${name} plan, ${cycle === 'annual' ? 'annual' : 'monthly'}`,
    period: (from, to) => `Period: ${from} to ${to}`,
    decoration: 'Single decoration',
    extraDecorations: (n) => `${n} extra ${n === 1 ? 'decoration' : 'decorations'}`,
    thanks: 'Thank you for choosing Estancia.',
  },
};

const LOCALE: Record<InvoiceLanguage, string> = { es: 'es-ES', ca: 'ca-ES', en: 'en-GB' };

// The standard PDF fonts are WinAnsi: the narrow no-break space some locales print is not in it.
const winAnsi = (text: string): string => text.replace(/\u202f/g, '\u00a0');

function lineText(words: InvoiceWords, line: InvoiceLine, day: (d: Date) => string): string[] {
  switch (line.kind) {
    case 'pack':
      return [words.pack(line.name, line.credits)];
    case 'subscription':
      return [
        words.subscription(line.name, line.cycle),
        ...(line.periodStart && line.periodEnd
          ? [words.period(day(line.periodStart), day(line.periodEnd))]
          : []),
      ];
    case 'decoration':
      return [words.decoration];
    case 'extra_decorations':
      return [words.extraDecorations(line.quantity)];
  }
}

/**
 * The invoice as a PDF in the buyer's language. Streams are left uncompressed: invoices are one
 * page of text, and plain streams let anyone (and the tests) read the text back.
 */
export function renderInvoice(data: InvoiceData): Promise<Buffer> {
  const words = WORDS[data.language] ?? WORDS.es;
  const locale = LOCALE[data.language] ?? LOCALE.es;
  const money = (cents: number) =>
    winAnsi(new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100));
  const day = (d: Date) =>
    winAnsi(new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(d));

  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: { Title: `${words.invoice} ${data.number}`, Author: 'Estancia' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const amountWidth = 120;

  doc.font('Helvetica-Bold').fontSize(22).text(`${words.invoice}`, left, 56);
  doc.font('Helvetica').fontSize(10);
  doc.text(`${words.number}: ${data.number}`);
  doc.text(`${words.date}: ${day(data.date)}`);
  doc.moveDown(1.5);

  const partiesTop = doc.y;
  const half = width / 2 - 10;
  doc.font('Helvetica-Bold').text(words.seller, left, partiesTop, { width: half });
  doc.font('Helvetica').text('Estancia', { width: half });
  doc.font('Helvetica-Bold').text(words.buyer, left + width / 2, partiesTop, { width: half });
  doc.font('Helvetica');
  for (const part of [data.buyer.name, data.buyer.company, data.buyer.email].filter(Boolean))
    doc.text(winAnsi(part), { width: half });
  doc.moveDown(2);

  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, left, y, { width: width - amountWidth });
    const after = doc.y;
    doc.text(amount, right - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(after, doc.y);
  };
  const rule = () => {
    doc.moveDown(0.3);
    doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
    doc.moveDown(0.5);
  };

  row(words.description, words.amount, true);
  rule();
  const subtotal = data.totalCents + data.discountCents;
  const [first, ...rest] = lineText(words, data.line, day);
  row(first, money(subtotal));
  doc.font('Helvetica').fillColor('#555555');
  for (const detail of rest) doc.text(detail, left, doc.y, { width: width - amountWidth });
  doc.fillColor('#000000');
  rule();
  if (data.discountCents > 0) {
    row(words.subtotal, money(subtotal));
    row(words.discount, money(-data.discountCents));
  }
  row(words.total, money(data.totalCents), true);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  doc.text(`${words.vatIncluded}: ${words.vatPart} ${money(vatPartCents(data.totalCents))}`, left, doc.y, {
    width,
  });
  doc.moveDown(2);
  doc.text(words.thanks, left, doc.y, { width });
  doc.end();
  return done;
}
