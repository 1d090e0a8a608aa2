import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

// A small writer for the clinic's generated documents (recommendation forms, transcription
// notes): headings, paragraphs and label/value rows, wrapped and paginated. DejaVu Sans is
// embedded (subset) so any patient's name prints, not only WinAnsi letters.

const require = createRequire(import.meta.url);
const fontPath = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
let fonts: Promise<[Uint8Array, Uint8Array]> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all([
    readFile(fontPath('DejaVuSans.ttf')),
    readFile(fontPath('DejaVuSans-Bold.ttf')),
  ]));

const PAGE: [number, number] = [612, 792]; // US Letter
const MARGIN = 56;
const BRAND = rgb(0x1e / 255, 0x3a / 255, 0x8a / 255);

export class SimplePdf {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  static async create(title: string): Promise<SimplePdf> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const [regular, bold] = await loadFonts();
    doc.setTitle(title);
    doc.setCreator('OKMMJ Telehealth');
    return new SimplePdf(
      doc,
      await doc.embedFont(regular, { subset: true }),
      await doc.embedFont(bold, { subset: true }),
    );
  }

  heading(text: string, size = 16): this {
    this.space(size + 10);
    this.lines(text, this.bold, size, BRAND);
    this.y -= 6;
    return this;
  }

  paragraph(text: string, size = 10.5): this {
    for (const block of text.split(/\n{2,}/)) {
      this.lines(block.replace(/\s*\n\s*/g, ' '), this.regular, size);
      this.y -= 6;
    }
    return this;
  }

  field(label: string, value: string, size = 10.5): this {
    const labelWidth = 150;
    const width = PAGE[0] - 2 * MARGIN - labelWidth;
    const wrapped = this.wrap(value || '—', this.regular, size, width);
    this.space(size * 1.4 * wrapped.length);
    this.page.drawText(label, { x: MARGIN, y: this.y, size, font: this.bold });
    for (const line of wrapped) {
      this.page.drawText(line, { x: MARGIN + labelWidth, y: this.y, size, font: this.regular });
      this.y -= size * 1.4;
    }
    return this;
  }

  rule(): this {
    this.space(12);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE[0] - MARGIN, y: this.y },
      thickness: 0.5,
      color: rgb(0.7, 0.7, 0.7),
    });
    this.y -= 12;
    return this;
  }

  save(): Promise<Uint8Array> {
    return this.doc.save();
  }

  private lines(text: string, font: PDFFont, size: number, color = rgb(0.1, 0.1, 0.1)) {
    for (const line of this.wrap(text, font, size, PAGE[0] - 2 * MARGIN)) {
      this.space(size * 1.4);
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color });
      this.y -= size * 1.4;
    }
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const out: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        out.push(line);
        line = word;
      }
    }
    if (line) out.push(line);
    return out.length ? out : [''];
  }

  private space(needed: number) {
    if (this.y - needed < MARGIN) this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }
}
