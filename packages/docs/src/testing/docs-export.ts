import type { DocsStructuralElement } from '../docs-types.js';

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 72;
const LEADING = 15;
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / LEADING);
const WRAP = 90;

/** The paragraphs of a body as plain lines, with their named style. */
function paragraphs(content: readonly DocsStructuralElement[]): { text: string; style: string }[] {
  return content.flatMap((element) => {
    if (!element.paragraph) return [];
    const text = (element.paragraph.elements ?? [])
      .map((item) => item.textRun?.content ?? '')
      .join('')
      .replace(/\n$/, '');
    return [{ text, style: String(element.paragraph.paragraphStyle?.namedStyleType ?? 'NORMAL_TEXT') }];
  });
}

function wrap(text: string): string[] {
  if (text.length <= WRAP) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > WRAP) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF string literal in WinAnsi (Latin-1): characters outside it become `?`. */
function pdfString(text: string): string {
  const latin = text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\xff]/g, '?');
  return `(${latin.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * A small but well-formed PDF 1.4 of a document: Helvetica text, one line per wrapped paragraph
 * line, as many Letter pages as needed, with a correct cross-reference table.
 */
export function renderPdf(title: string, content: readonly DocsStructuralElement[]): Uint8Array {
  const lines = paragraphs(content).flatMap(({ text, style }) =>
    wrap(text).map((line) => ({ line, bold: style !== 'NORMAL_TEXT' })),
  );
  const pages: (typeof lines)[] = [];
  for (let at = 0; at < Math.max(lines.length, 1); at += LINES_PER_PAGE)
    pages.push(lines.slice(at, at + LINES_PER_PAGE));

  const objects: string[] = [];
  // push returns the new length, which is the 1-based number of the object just added.
  const add = (body: string) => objects.push(body);
  const catalog = add('');
  const pageTree = add('');
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    const stream = [
      'BT',
      `${MARGIN} ${PAGE_HEIGHT - MARGIN} Td`,
      `${LEADING} TL`,
      ...page.map(({ line, bold: strong }) => `/${strong ? 'F2' : 'F1'} 11 Tf ${pdfString(line)} Tj T*`),
      'ET',
    ].join('\n');
    const contents = add(
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
    kids.push(
      add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  const info = add(`<< /Title ${pdfString(title)} /Producer (Google Docs Renderer) >>`);
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] =
    `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** The document as plain text, as Drive exports it (UTF-8 with a byte order mark). */
export function renderText(content: readonly DocsStructuralElement[]): string {
  return `\ufeff${paragraphs(content)
    .map((paragraph) => paragraph.text)
    .join('\r\n')}`;
}

/** The document as Markdown: headings with #, the rest as paragraphs. */
export function renderMarkdown(content: readonly DocsStructuralElement[]): string {
  const prefixes: Record<string, string> = {
    TITLE: '# ',
    HEADING_1: '# ',
    HEADING_2: '## ',
    HEADING_3: '### ',
  };
  return `${paragraphs(content)
    .map(({ text, style }) => `${prefixes[style] ?? ''}${text}`)
    .join('\n\n')}\n`;
}

/** The document as a small HTML page. */
export function renderHtml(title: string, content: readonly DocsStructuralElement[]): string {
  const tags: Record<string, string> = { TITLE: 'h1', HEADING_1: 'h1', HEADING_2: 'h2', HEADING_3: 'h3' };
  const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const body = paragraphs(content)
    .map(({ text, style }) => {
      const tag = tags[style] ?? 'p';
      return `<${tag}>${escapeHtml(text)}</${tag}>`;
    })
    .join('');
  return `<html><head><meta content="text/html; charset=UTF-8" http-equiv="content-type"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}
