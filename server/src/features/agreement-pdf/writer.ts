import type { LocaleTag } from '@rigshare/domain';
import { fontFaces, fontRuns, type FontFace } from './fonts';

/**
 * Writes paragraphs of mixed scripts and weights with pdfkit: each stretch of text in the embedded
 * face that covers it, as one flowing paragraph (pdfkit's `continued` fragments).
 */

export interface Segment {
  text: string;
  bold?: boolean;
}

/**
 * fontkit 2 throws on a mark-positioning lookup whose anchor is empty, which Noto Sans Telugu has (words
 * with ప్ర, e.g. ప్రతి). pdfkit measures a whole paragraph with its first fragment's features, so a
 * paragraph holding such a word is written with mark positioning off: its marks sit at their default
 * places rather than the paragraph failing.
 */
const MARKS_UNPOSITIONED = () => ({ mark: false, mkmk: false, abvm: false, blwm: false }) as unknown as PDFKit.Mixins.OpenTypeFeatures[];

export function createWriter(doc: PDFKit.PDFDocument, locale: LocaleTag, width: number) {
  const regular = fontFaces(locale, 400);
  const bold = fontFaces(locale, 700);
  for (const face of [...regular, ...bold]) doc.registerFont(face.name, face.data);

  const positionable = (face: FontFace, text: string) => {
    doc.font(face.name);
    return text.split(/\s+/u).every((word) => {
      try {
        doc.widthOfString(word);
        return true;
      } catch {
        return false;
      }
    });
  };

  return {
    paragraph(segments: Segment[], options: { size: number; color: string; after: number }) {
      doc.fontSize(options.size).fillColor(options.color);
      const runs = segments.flatMap((s) => fontRuns(s.text, s.bold ? bold : regular));
      // pdfkit types `features` as a list to switch on; fontkit also takes { feature: false } to switch off.
      const features = runs.every((run) => positionable(run.face, run.text)) ? undefined : MARKS_UNPOSITIONED();
      runs.forEach((run, i) => doc.font(run.face.name).text(run.text, { width, lineGap: 2, continued: i < runs.length - 1, features }));
      doc.moveDown(options.after);
    },
  };
}
