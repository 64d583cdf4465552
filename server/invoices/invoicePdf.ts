/**
 * The invoice or credit note PDF of an invoiced enquiry (spec 3 §2.4 "Regenerate Invoice"): the
 * paybill details as issuer (spec 3 §3), dates as dd MMM yyyy and amounts with two decimals (§9).
 * One A4 page in the standard Helvetica fonts, so nothing has to be embedded.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { fromMinor, personName, type Currency, type Minor, type PersonRef } from '../../domain/common';
import { currencySymbol } from '../../domain/fees';
import type { InvoiceType } from '../../domain/finance';
import { spacedPostcode } from '../../domain/formats';
import { formatAmount } from '../../domain/savi/payBill';
import type { PaybillDetails } from '../../domain/savi/paybillRecord';
import { formatAuditDate } from '../../domain/suppliers/networkTerms/format';

export const INVOICE_PDF_PRODUCER = 'Fleet Network Console';

/** Who issues the document: the saved paybill details; any part may be '' when never saved. */
export interface InvoiceIssuer {
  /** The company name prefix, e.g. 'ViSN'. */
  companyName: string;
  address: PaybillDetails['address'];
  /** Free text up to 400 characters; its line breaks are kept. */
  footer: string;
}

export interface InvoicePdfInput {
  issuer: InvoiceIssuer;
  document: {
    type: InvoiceType;
    invoiceNumber: string;
    /** ISO yyyy-mm-dd. */
    taxPointDate: string;
    enquiryNumber: string;
    vrm: string;
    make: string;
    model: string;
    /** Labels, as screens show them. */
    serviceType: string;
    jobType: string;
    taxCode: string;
    currency: Currency;
    nett: Minor;
    vat: Minor;
    gross: Minor;
    /** A credit note's credit value; ignored on an invoice. */
    creditValue?: Minor | null;
  };
  parties: {
    /** Billed to. */
    leaseCompanyName: string;
    /** Work done by. */
    supplierName: string;
    supplierGroupName: string;
  };
  generatedBy: PersonRef;
  generatedAt: Date;
}

/** The issuer as the stored paybill details carry it. */
export function invoiceIssuerOf(details: PaybillDetails): InvoiceIssuer {
  return { companyName: details.invoice.companyName, address: details.address, footer: details.invoice.footer.blurb };
}

// A4 in points; every block below has a line cap, so the body cannot run into the footer area.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const RIGHT = PAGE_WIDTH - MARGIN;
const FOOTER_TOP = 150;
const FOOTER_BOTTOM = 40;
const FOOTER_SIZE = 8;
const FOOTER_LEADING = 10;

const INK = rgb(0.12, 0.12, 0.12);
const MUTED = rgb(0.42, 0.42, 0.42);
const RULE = rgb(0.8, 0.8, 0.8);
const SHADE = rgb(0.94, 0.94, 0.94);

const ELLIPSIS = '…';

// ---------------------------------------------------------------------------------------------
// Text the standard fonts can show

const charsets = new WeakMap<PDFFont, Set<number>>();
function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

/**
 * Database text as the font can encode it: composed (NFC, so 'o' + accent becomes 'ó'), control
 * characters removed (line breaks kept only where asked, else read as spaces) and every character
 * outside the font's set, an emoji or 'ł', shown as '?' rather than failing the whole document.
 */
function printable(font: PDFFont, value: unknown, keepBreaks = false): string {
  if (typeof value !== 'string') return '';
  const set = charsetOf(font);
  const text = value
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(keepBreaks ? /[\t\v\f]/g : /[\t\n\v\f]/g, ' ')
    .replace(keepBreaks ? /[^\P{Cc}\n]/gu : /\p{Cc}/gu, '');
  let out = '';
  for (const ch of text) out += ch === '\n' || set.has(ch.codePointAt(0)!) ? ch : '?';
  return out;
}

const widthOf = (font: PDFFont, size: number, text: string) => font.widthOfTextAtSize(text, size);

function ellipsize(line: string, font: PDFFont, size: number, width: number): string {
  let s = line;
  while (s && widthOf(font, size, s + ELLIPSIS) > width) s = s.slice(0, -1);
  return s.trimEnd() + ELLIPSIS;
}

/**
 * Greedy word wrap of printable text (one paragraph per line break), breaking a word longer than
 * the width where it reaches the edge. Stops one line past `maxLines`, so a long text costs no more
 * than what is shown.
 */
function wrap(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const fits = (s: string) => widthOf(font, size, s) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (!word) continue;
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      if (lines.length > maxLines) return lines;
      let rest = word;
      while (!fits(rest)) {
        let n = 1;
        while (n < rest.length && fits(rest.slice(0, n + 1))) n++;
        lines.push(rest.slice(0, n));
        if (lines.length > maxLines) return lines;
        rest = rest.slice(n);
      }
      line = rest;
    }
    lines.push(line);
    if (lines.length > maxLines) return lines;
  }
  return lines;
}

/** Wrapped to at most `maxLines`; text that does not fit ends its last line with '…'. */
function fitLines(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const lines = wrap(trimmed, font, size, width, maxLines);
  if (lines.length <= maxLines) return lines;
  const shown = lines.slice(0, maxLines);
  shown[maxLines - 1] = ellipsize(shown[maxLines - 1], font, size, width);
  return shown;
}

const fitLine = (text: string, font: PDFFont, size: number, width: number): string => fitLines(text, font, size, width, 1)[0] ?? '';

// ---------------------------------------------------------------------------------------------
// Values

/** '£1,234.50', '-€12.00'; '-' when the amount is not a number (formatAmount's own rule). */
function money(minor: Minor | null | undefined, currency: Currency): string {
  if (typeof minor !== 'number' || !Number.isFinite(minor)) return '-';
  const major = fromMinor(minor);
  const text = formatAmount(Math.abs(major));
  return `${major < 0 && text !== '0.00' ? '-' : ''}${currencySymbol(currency)}${text}`;
}

/** dd MMM yyyy of an ISO date; '-' for anything else (a month outside 01-12 has no name to show). */
const dateText = (iso: unknown): string => (typeof iso === 'string' && /^\d{4}-(?:0[1-9]|1[0-2])-\d{2}/.test(iso) ? formatAuditDate(iso) : '-');

// ---------------------------------------------------------------------------------------------
// Drawing

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface TextStyle {
  font: PDFFont;
  size: number;
  color?: RGB;
}

function drawLeft(page: PDFPage, text: string, x: number, y: number, style: TextStyle): void {
  if (text) page.drawText(text, { x, y, size: style.size, font: style.font, color: style.color ?? INK });
}

function drawRight(page: PDFPage, text: string, right: number, y: number, style: TextStyle): void {
  if (text) drawLeft(page, text, right - widthOf(style.font, style.size, text), y, style);
}

/** Draws wrapped lines from baseline `y` down; returns the baseline after the last one. */
function drawLines(page: PDFPage, lines: string[], x: number, y: number, style: TextStyle, leading: number): number {
  let baseline = y;
  for (const line of lines) {
    drawLeft(page, line, x, baseline, style);
    baseline -= leading;
  }
  return baseline;
}

function drawIssuer(page: PDFPage, fonts: Fonts, issuer: InvoiceIssuer, top: number, width: number): number {
  let y = top - 16;
  const name = fitLines(printable(fonts.bold, issuer?.companyName), fonts.bold, 16, width, 2);
  y = drawLines(page, name, MARGIN, y, { font: fonts.bold, size: 16 }, 19);
  if (name.length) y -= 2;
  const a = issuer?.address;
  const parts = [a?.number, a?.address1, a?.address2, a?.address3, a?.county, typeof a?.postCode === 'string' ? spacedPostcode(a.postCode) : ''];
  const style = { font: fonts.regular, size: 9 };
  const lines = parts.map((p) => fitLine(printable(fonts.regular, p), fonts.regular, 9, width)).filter(Boolean);
  return drawLines(page, lines, MARGIN, y, style, 12);
}

function drawTitleBlock(page: PDFPage, fonts: Fonts, input: InvoicePdfInput, top: number, left: number): number {
  const doc = input.document;
  const credit = doc.type === 'Credit';
  drawRight(page, credit ? 'CREDIT NOTE' : 'INVOICE', RIGHT, top - 20, { font: fonts.bold, size: 20 });
  const rows: [string, string][] = [
    [credit ? 'Credit note number' : 'Invoice number', printable(fonts.bold, doc.invoiceNumber).trim()],
    ['Tax point date', dateText(doc.taxPointDate)],
    ['Enquiry number', printable(fonts.bold, doc.enquiryNumber).trim()],
  ];
  let y = top - 44;
  const label = { font: fonts.regular, size: 9, color: MUTED };
  const value = { font: fonts.bold, size: 9 };
  for (const [name, text] of rows) {
    drawLeft(page, name, left, y, label);
    const room = RIGHT - left - widthOf(fonts.regular, 9, name) - 8;
    drawRight(page, fitLine(text || '-', fonts.bold, 9, room), RIGHT, y, value);
    y -= 14;
  }
  return y;
}

function drawParty(page: PDFPage, fonts: Fonts, heading: string, names: [string, number, RGB][], x: number, top: number, width: number): number {
  drawLeft(page, heading.toUpperCase(), x, top - 8, { font: fonts.bold, size: 8, color: MUTED });
  let y = top - 24;
  for (const [text, maxLines, color] of names) {
    const lines = fitLines(printable(fonts.regular, text), fonts.regular, 10, width, maxLines);
    y = drawLines(page, lines, x, y, { font: fonts.regular, size: 10, color }, 13);
  }
  return y;
}

/** The one-line table: description (service type and vehicle), nett, VAT, total. Returns the y below it. */
function drawTable(page: PDFPage, fonts: Fonts, doc: InvoicePdfInput['document'], top: number): number {
  const amountWidth = 90;
  const pad = 6;
  const descWidth = CONTENT_WIDTH - 3 * amountWidth;
  const columns = [MARGIN + descWidth, MARGIN + descWidth + amountWidth, MARGIN + descWidth + 2 * amountWidth];
  const head = { font: fonts.bold, size: 9 };

  page.drawRectangle({ x: MARGIN, y: top - 20, width: CONTENT_WIDTH, height: 20, color: SHADE });
  drawLeft(page, 'Description', MARGIN + pad, top - 14, head);
  ['Nett', 'VAT', 'Total'].forEach((h, i) => drawRight(page, h, columns[i] + amountWidth - pad, top - 14, head));

  const textWidth = descWidth - 2 * pad;
  const vehicle = [doc.vrm, doc.make, doc.model].map((v) => printable(fonts.regular, v).trim()).filter(Boolean).join(' ');
  const regular = { font: fonts.regular, size: 9 };
  const muted = { ...regular, color: MUTED };
  const blocks: [string[], TextStyle][] = [
    [fitLines(printable(fonts.bold, doc.serviceType), fonts.bold, 9, textWidth, 2), head],
    [fitLines(vehicle, fonts.regular, 9, textWidth, 2), regular],
    [fitLines(labelled('Job type', printable(fonts.regular, doc.jobType)), fonts.regular, 9, textWidth, 1), muted],
    [fitLines(labelled('Tax code', printable(fonts.regular, doc.taxCode)), fonts.regular, 9, textWidth, 1), muted],
  ];
  const first = top - 36;
  let y = first;
  for (const [lines, style] of blocks) y = drawLines(page, lines, MARGIN + pad, y, style, 12);
  [doc.nett, doc.vat, doc.gross].forEach((amount, i) => drawRight(page, fitLine(money(amount, doc.currency), fonts.regular, 9, amountWidth - 2 * pad), columns[i] + amountWidth - pad, first, regular));

  const bottom = Math.min(y, first - 12) + 2;
  page.drawLine({ start: { x: MARGIN, y: bottom }, end: { x: RIGHT, y: bottom }, thickness: 0.75, color: RULE });
  return bottom;
}

const labelled = (label: string, value: string) => (value.trim() ? `${label}: ${value.trim()}` : '');

function drawTotals(page: PDFPage, fonts: Fonts, doc: InvoicePdfInput['document'], top: number): void {
  const left = RIGHT - 220;
  const rows: [string, Minor | null | undefined, boolean][] = [
    ['Nett', doc.nett, false],
    ['VAT', doc.vat, false],
    ['Total', doc.gross, true],
  ];
  if (doc.type === 'Credit' && doc.creditValue !== null && doc.creditValue !== undefined) rows.push(['Credit value', doc.creditValue, true]);
  let y = top - 18;
  for (const [label, amount, strong] of rows) {
    const style = { font: strong ? fonts.bold : fonts.regular, size: strong ? 10.5 : 9.5 };
    if (label === 'Total') {
      page.drawLine({ start: { x: left, y: y + 13 }, end: { x: RIGHT, y: y + 13 }, thickness: 0.75, color: RULE });
      y -= 2;
    }
    drawLeft(page, label, left, y, { ...style, color: strong ? INK : MUTED });
    drawRight(page, fitLine(money(amount, doc.currency), style.font, style.size, 130), RIGHT, y, style);
    y -= 17;
  }
}

/** The footer keeps its own line breaks, wraps within its area and ends with '…' past it. */
function drawFooter(page: PDFPage, fonts: Fonts, footer: unknown, generated: string): void {
  const maxLines = Math.floor((FOOTER_TOP - FOOTER_BOTTOM) / FOOTER_LEADING);
  const lines = fitLines(printable(fonts.regular, footer, true), fonts.regular, FOOTER_SIZE, CONTENT_WIDTH, maxLines);
  if (lines.length) {
    page.drawLine({ start: { x: MARGIN, y: FOOTER_TOP + 8 }, end: { x: RIGHT, y: FOOTER_TOP + 8 }, thickness: 0.75, color: RULE });
    drawLines(page, lines, MARGIN, FOOTER_TOP - FOOTER_SIZE, { font: fonts.regular, size: FOOTER_SIZE, color: MUTED }, FOOTER_LEADING);
  }
  drawLeft(page, fitLine(generated, fonts.regular, 7, CONTENT_WIDTH), MARGIN, 24, { font: fonts.regular, size: 7, color: MUTED });
}

/** The document title of viewers and the metadata: 'Invoice INV00000001', 'Credit note CRN00000001'. */
function titleOf(doc: InvoicePdfInput['document']): string {
  const number = typeof doc.invoiceNumber === 'string' ? doc.invoiceNumber.replace(/\p{Cc}/gu, '').trim() : '';
  return `${doc.type === 'Credit' ? 'Credit note' : 'Invoice'} ${number}`.trim();
}

/**
 * The PDF bytes of one invoice or credit note. Never throws on the text it is given: characters
 * the standard fonts cannot show print as '?', and each block is capped to its room on the page.
 * The same input gives the same bytes (the metadata dates are `generatedAt`).
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const generatedAt = input.generatedAt instanceof Date && !Number.isNaN(input.generatedAt.getTime()) ? input.generatedAt : new Date(0);
  const doc = input.document;

  pdf.setTitle(titleOf(doc));
  pdf.setProducer(INVOICE_PDF_PRODUCER);
  pdf.setCreator(INVOICE_PDF_PRODUCER);
  pdf.setLanguage('en-GB');
  pdf.setCreationDate(generatedAt);
  pdf.setModificationDate(generatedAt);

  const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const top = PAGE_HEIGHT - MARGIN;
  const titleLeft = MARGIN + CONTENT_WIDTH * 0.55;
  const issuerBottom = drawIssuer(page, fonts, input.issuer, top, titleLeft - MARGIN - 20);
  const titleBottom = drawTitleBlock(page, fonts, input, top, titleLeft);

  const partiesTop = Math.min(issuerBottom, titleBottom) - 18;
  const half = (CONTENT_WIDTH - 20) / 2;
  const parties = input.parties;
  const billedBottom = drawParty(page, fonts, 'Billed to', [[parties?.leaseCompanyName, 3, INK]], MARGIN, partiesTop, half);
  const supplierBottom = drawParty(
    page,
    fonts,
    'Work done by',
    [
      [parties?.supplierName, 2, INK],
      [parties?.supplierGroupName, 2, MUTED],
    ],
    MARGIN + half + 20,
    partiesTop,
    half,
  );

  const tableBottom = drawTable(page, fonts, doc, Math.min(billedBottom, supplierBottom) - 14);
  drawTotals(page, fonts, doc, tableBottom);

  const by = printable(fonts.regular, personName(input.generatedBy)).trim();
  const on = dateText(generatedAt.toISOString());
  drawFooter(page, fonts, input.issuer?.footer, `Generated${by ? ` by ${by}` : ''} on ${on}`);

  return pdf.save();
}
