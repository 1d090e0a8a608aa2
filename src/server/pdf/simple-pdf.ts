import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { wrapText } from './wrap.js';

// A small writer for the clinic's generated documents (recommendation forms, transcription
// notes): headings, paragraphs, label/value rows and a signature block. The calls only collect
// blocks; save() lays the whole document out from one set of measurements (issue 21: a label
// ran into its value under a fixed 150 pt column). The label column is the widest label of the
// document, measured in its font, plus a gap; values wrap to what is left. DejaVu Sans is
// embedded (subset) so any patient's name prints, not only WinAnsi letters.

const require = createRequire(import.meta.url);
const fontPath = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
let fonts: Promise<[Uint8Array, Uint8Array]> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all([
    readFile(fontPath('DejaVuSans.ttf')),
    readFile(fontPath('DejaVuSans-Bold.ttf')),
  ]));

export const PAGE: [number, number] = [612, 792]; // US Letter
export const MARGIN = 56;
const CONTENT = PAGE[0] - 2 * MARGIN;
/** Between the label column and the values. */
const LABEL_GAP = 18;
/** A label column never takes more than this share of the line; a longer label wraps. */
const LABEL_MAX_SHARE = 0.45;
const LEADING = 1.4;
/** Above the signature line: room for a hand to sign a printed copy. */
const SIGNING_ROOM = 28;
const BRAND = rgb(0x1e / 255, 0x3a / 255, 0x8a / 255);
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.7, 0.7, 0.7);

export interface SignatureBlock {
  /** Written on the line, e.g. "/s/ Dr. Jane Doe". */
  mark: string;
  date: string;
  /** Under the line: who signs, with the credential the signature rests on. */
  caption: string;
  /** How the document was signed, in full. */
  statement: string;
}

type Block =
  | { kind: 'heading'; text: string; size: number }
  | { kind: 'paragraph'; text: string; size: number }
  | { kind: 'field'; label: string; value: string; size: number }
  | { kind: 'rule' }
  | ({ kind: 'signature' } & SignatureBlock);

/** The clinic's fonts (regular, bold) embedded in a document built by hand (the OMMA packet). */
export async function embedClinicFonts(doc: PDFDocument): Promise<[PDFFont, PDFFont]> {
  doc.registerFontkit(fontkit);
  const [regular, bold] = await loadFonts();
  return [
    await doc.embedFont(regular, { subset: true }),
    await doc.embedFont(bold, { subset: true }),
  ];
}

export class SimplePdf {
  private readonly blocks: Block[] = [];

  private constructor(private readonly title: string) {}

  static async create(title: string): Promise<SimplePdf> {
    return new SimplePdf(title);
  }

  heading(text: string, size = 16): this {
    this.blocks.push({ kind: 'heading', text, size });
    return this;
  }

  paragraph(text: string, size = 10.5): this {
    for (const block of text.split(/\n{2,}/))
      this.blocks.push({ kind: 'paragraph', text: block.replace(/\s*\n\s*/g, ' '), size });
    return this;
  }

  field(label: string, value: string, size = 10.5): this {
    this.blocks.push({ kind: 'field', label, value: value || '—', size });
    return this;
  }

  rule(): this {
    this.blocks.push({ kind: 'rule' });
    return this;
  }

  signature(block: SignatureBlock): this {
    this.blocks.push({ kind: 'signature', ...block });
    return this;
  }

  async save(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    doc.setTitle(this.title);
    doc.setCreator('OKMMJ Telehealth');
    const layout = new Layout(doc, ...(await embedClinicFonts(doc)));
    layout.render(this.blocks);
    return doc.save();
  }
}

/** Places the blocks top to bottom, starting a page when the next piece does not fit. */
class Layout {
  private page!: PDFPage;
  /** The top of the free space on the page. */
  private top = 0;
  private first = true;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  render(blocks: Block[]) {
    const labelColumn = this.labelColumn(blocks);
    blocks.forEach((block, i) => {
      switch (block.kind) {
        case 'heading':
          // A heading stays with the start of what follows it.
          this.heading(block, this.height(blocks[i + 1], labelColumn));
          break;
        case 'paragraph':
          this.paragraph(block);
          break;
        case 'field':
          this.field(block, labelColumn);
          break;
        case 'rule':
          this.rule();
          break;
        case 'signature':
          this.signature(block);
          break;
      }
      this.first = false;
    });
  }

  /** The widest label of the document, measured, plus the gap (capped: longer labels wrap). */
  private labelColumn(blocks: Block[]): number {
    let widest = 0;
    for (const b of blocks)
      if (b.kind === 'field')
        widest = Math.max(widest, this.bold.widthOfTextAtSize(b.label, b.size));
    return Math.min(Math.ceil(widest) + LABEL_GAP, Math.floor(CONTENT * LABEL_MAX_SHARE));
  }

  private fieldLines(block: Extract<Block, { kind: 'field' }>, labelColumn: number) {
    return {
      labels: wrapText(block.label, this.bold, block.size, labelColumn - LABEL_GAP),
      values: wrapText(block.value, this.regular, block.size, CONTENT - labelColumn),
    };
  }

  /** The height a block needs before a page break may come (a field row, the first lines). */
  private height(block: Block | undefined, labelColumn: number): number {
    if (!block) return 0;
    if (block.kind === 'field') {
      const { labels, values } = this.fieldLines(block, labelColumn);
      return Math.max(labels.length, values.length) * block.size * LEADING;
    }
    if (block.kind === 'paragraph') return 2 * block.size * LEADING;
    return 0;
  }

  private heading(block: Extract<Block, { kind: 'heading' }>, keepWith: number) {
    const lines = wrapText(block.text, this.bold, block.size, CONTENT);
    const before = this.first ? 0 : block.size * 0.9;
    this.fit(before + lines.length * block.size * LEADING + keepWith);
    if (this.top !== PAGE[1] - MARGIN) this.top -= before;
    this.lines(lines, this.bold, block.size, MARGIN, BRAND);
    this.top -= 4;
  }

  private paragraph(block: Extract<Block, { kind: 'paragraph' }>) {
    // Line by line, so a long paragraph runs on to the next page.
    for (const line of wrapText(block.text, this.regular, block.size, CONTENT)) {
      this.fit(block.size * LEADING);
      this.lines([line], this.regular, block.size, MARGIN, INK);
    }
    this.top -= 6;
  }

  private field(block: Extract<Block, { kind: 'field' }>, labelColumn: number) {
    const { labels, values } = this.fieldLines(block, labelColumn);
    this.fit(Math.max(labels.length, values.length) * block.size * LEADING);
    const rowTop = this.top;
    this.lines(labels, this.bold, block.size, MARGIN, INK);
    const labelBottom = this.top;
    this.top = rowTop;
    this.lines(values, this.regular, block.size, MARGIN + labelColumn, INK);
    this.top = Math.min(this.top, labelBottom) - 2;
  }

  private rule() {
    this.fit(24);
    this.top -= 12;
    this.line(MARGIN, PAGE[0] - MARGIN, this.top, 0.5, RULE);
    this.top -= 12;
  }

  /**
   * The mark on a line to sign on, the date on its own line beside it, the caption under them
   * and the statement of how it was signed; kept together on one page.
   */
  private signature(block: Extract<Block, { kind: 'signature' }>) {
    const markSize = 12;
    const dateSize = 10.5;
    const small = 9;
    const dateWidth = Math.max(110, this.regular.widthOfTextAtSize(block.date, dateSize) + 12);
    const signWidth = CONTENT - dateWidth - 28;
    const dateX = MARGIN + signWidth + 28;
    const mark = wrapText(block.mark, this.bold, markSize, signWidth);
    const caption = wrapText(block.caption, this.regular, small, signWidth);
    const statement = wrapText(block.statement, this.regular, small, CONTENT);
    this.fit(
      SIGNING_ROOM +
        mark.length * markSize * LEADING +
        (caption.length + statement.length + 1) * small * LEADING,
    );
    this.top -= SIGNING_ROOM;
    this.lines(mark, this.bold, markSize, MARGIN);
    // The date on the baseline of the mark's last line, both lines just under the descenders.
    const baseline = this.top + markSize * LEADING - this.ascent(this.bold, markSize);
    this.page.drawText(block.date, {
      x: dateX,
      y: baseline,
      size: dateSize,
      font: this.regular,
      color: INK,
    });
    const ruleY = baseline - markSize * 0.35;
    this.line(MARGIN, MARGIN + signWidth, ruleY, 0.8, INK);
    this.line(dateX, PAGE[0] - MARGIN, ruleY, 0.8, INK);
    this.top = ruleY - 4;
    const captionTop = this.top;
    this.lines(caption, this.regular, small, MARGIN, MUTED);
    const belowCaption = this.top;
    this.top = captionTop;
    this.lines(['Date'], this.regular, small, dateX, MUTED);
    this.top = Math.min(this.top, belowCaption) - small * 0.6;
    this.lines(statement, this.regular, small, MARGIN, MUTED);
  }

  private ascent(font: PDFFont, size: number) {
    return font.heightAtSize(size, { descender: false });
  }

  /** Draws lines of text from the top of the free space down, one leading each. */
  private lines(lines: string[], font: PDFFont, size: number, x: number, color = INK) {
    for (const text of lines) {
      // The baseline sits one ascent below the line's top; the leading leaves room underneath.
      const baseline = this.top - this.ascent(font, size);
      this.page.drawText(text, { x, y: baseline, size, font, color });
      this.top -= size * LEADING;
    }
  }

  private line(from: number, to: number, y: number, thickness: number, color = RULE) {
    this.page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness, color });
  }

  private fit(needed: number) {
    if (this.top - needed < MARGIN) this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage(PAGE);
    this.top = PAGE[1] - MARGIN;
  }
}
