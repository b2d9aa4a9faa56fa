import type { DocsStructuralElement } from '../docs-schemas.js';
import { zip } from './google-zip.js';

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 72;
const LEADING = 15;
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / LEADING);
const WRAP = 90;

/** A paragraph of an export: its text, named style and, for a list item, its list and level. */
interface ExportParagraph {
  kind: 'paragraph';
  text: string;
  style: string;
  list?: { ordered: boolean; level: number };
}

/** A table of an export: rows of cells, each cell its own blocks. */
interface ExportTable {
  kind: 'table';
  rows: ExportBlock[][][];
}

type ExportBlock = ExportParagraph | ExportTable;

/** The lists of a document, keyed by list id, as `documents.get` shows them. */
export type ExportLists = Record<string, unknown>;

/** What an inline element reads as: a person's name, a link's title, a date's text. */
function elementText(element: Record<string, unknown>): string {
  const textRun = element.textRun as { content?: string } | undefined;
  if (textRun) return textRun.content ?? '';
  const person = element.person as { personProperties?: { name?: string; email?: string } } | undefined;
  if (person) return person.personProperties?.name ?? person.personProperties?.email ?? '';
  const link = element.richLink as { richLinkProperties?: { title?: string } } | undefined;
  if (link) return link.richLinkProperties?.title ?? '';
  const date = element.dateElement as { dateElementProperties?: { displayText?: string } } | undefined;
  return date?.dateElementProperties?.displayText ?? '';
}

function isOrdered(lists: ExportLists, listId: string): boolean {
  const list = lists[listId] as { listProperties?: { nestingLevels?: { glyphType?: string }[] } } | undefined;
  const glyphType = list?.listProperties?.nestingLevels?.[0]?.glyphType;
  return glyphType !== undefined && glyphType !== 'NONE' && glyphType !== 'GLYPH_TYPE_UNSPECIFIED';
}

/** The paragraphs and tables of a body (or several tabs' bodies one after the other). */
function blocks(content: readonly DocsStructuralElement[], lists: ExportLists = {}): ExportBlock[] {
  return content.flatMap((element): ExportBlock[] => {
    if (element.table) {
      const table = element.table as {
        tableRows?: { tableCells?: { content?: DocsStructuralElement[] }[] }[];
      };
      return [
        {
          kind: 'table',
          rows: (table.tableRows ?? []).map((row) =>
            (row.tableCells ?? []).map((cell) => blocks(cell.content ?? [], lists)),
          ),
        },
      ];
    }
    if (!element.paragraph) return [];
    const text = (element.paragraph.elements ?? [])
      .map((item) => elementText(item as Record<string, unknown>))
      .join('')
      .replace(/\n$/, '');
    const bullet = element.paragraph.bullet as { listId?: string; nestingLevel?: number } | undefined;
    return [
      {
        kind: 'paragraph',
        text,
        style: String(element.paragraph.paragraphStyle?.namedStyleType ?? 'NORMAL_TEXT'),
        ...(bullet?.listId
          ? { list: { ordered: isOrdered(lists, bullet.listId), level: bullet.nestingLevel ?? 0 } }
          : {}),
      },
    ];
  });
}

/** Every paragraph in reading order, table cells included, for formats without tables. */
function paragraphs(content: readonly DocsStructuralElement[], lists?: ExportLists): ExportParagraph[] {
  const flatten = (items: ExportBlock[]): ExportParagraph[] =>
    items.flatMap((block) =>
      block.kind === 'paragraph' ? [block] : block.rows.flatMap((row) => row.flatMap(flatten)),
    );
  return flatten(blocks(content, lists));
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
export function renderText(content: readonly DocsStructuralElement[], lists?: ExportLists): string {
  return `\ufeff${paragraphs(content, lists)
    .map(({ text, list }) => (list ? `${'    '.repeat(list.level)}* ${text}` : text))
    .join('\r\n')}`;
}

const MARKDOWN_HEADINGS: Record<string, string> = {
  TITLE: '# ',
  HEADING_1: '# ',
  HEADING_2: '## ',
  HEADING_3: '### ',
  HEADING_4: '#### ',
  HEADING_5: '##### ',
  HEADING_6: '###### ',
};

/** The document as Markdown: headings with #, list items with - or 1., tables as pipe tables. */
export function renderMarkdown(content: readonly DocsStructuralElement[], lists?: ExportLists): string {
  const cell = (items: ExportBlock[]) =>
    items
      .flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []))
      .join('<br>')
      .replace(/\|/g, '\\|');
  const out = blocks(content, lists).map((block) => {
    if (block.kind === 'table') {
      const rows = block.rows.map((row) => `| ${row.map(cell).join(' | ')} |`);
      const columns = Math.max(...block.rows.map((row) => row.length), 1);
      return [rows[0], `|${' --- |'.repeat(columns)}`, ...rows.slice(1)].join('\n');
    }
    if (block.list)
      return `${'    '.repeat(block.list.level)}${block.list.ordered ? '1.' : '-'} ${block.text}`;
    return `${MARKDOWN_HEADINGS[block.style] ?? ''}${block.text}`;
  });
  return `${out.join('\n\n')}\n`;
}

const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const HTML_TAGS: Record<string, string> = { TITLE: 'h1', HEADING_1: 'h1', HEADING_2: 'h2', HEADING_3: 'h3' };

/** The body of an HTML or XHTML page: headings, paragraphs, list items, tables. */
function htmlBody(items: ExportBlock[]): string {
  return items
    .map((block) => {
      if (block.kind === 'table') {
        const rows = block.rows.map(
          (row) => `<tr>${row.map((c) => `<td>${htmlBody(c)}</td>`).join('')}</tr>`,
        );
        return `<table><tbody>${rows.join('')}</tbody></table>`;
      }
      if (block.list) {
        const tag = block.list.ordered ? 'ol' : 'ul';
        return `<${tag}><li>${escapeXml(block.text)}</li></${tag}>`;
      }
      const tag = HTML_TAGS[block.style] ?? 'p';
      return `<${tag}>${escapeXml(block.text)}</${tag}>`;
    })
    .join('');
}

/** The document as a small HTML page. */
export function renderHtml(
  title: string,
  content: readonly DocsStructuralElement[],
  lists?: ExportLists,
): string {
  return `<html><head><meta content="text/html; charset=UTF-8" http-equiv="content-type"><title>${escapeXml(title)}</title></head><body>${htmlBody(blocks(content, lists))}</body></html>`;
}

/** The document as an HTML page zipped, as Drive's "Web page (.html, zipped)" export. */
export function renderZippedHtml(
  title: string,
  content: readonly DocsStructuralElement[],
  lists?: ExportLists,
): Uint8Array {
  const name = title.replace(/[\\/:*?"<>|]+/g, '').trim() || 'document';
  return zip([{ name: `${name}.html`, data: renderHtml(title, content, lists) }]);
}

const WORD_STYLES: Record<string, string> = {
  TITLE: 'Title',
  SUBTITLE: 'Subtitle',
  HEADING_1: 'Heading1',
  HEADING_2: 'Heading2',
  HEADING_3: 'Heading3',
};

function wordParagraphs(items: ExportBlock[]): string {
  return items
    .map((block) => {
      if (block.kind === 'table') {
        const rows = block.rows.map(
          (row) =>
            `<w:tr>${row.map((c) => `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${wordParagraphs(c) || '<w:p/>'}</w:tc>`).join('')}</w:tr>`,
        );
        return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr>${rows.join('')}</w:tbl>`;
      }
      const style = block.list ? 'ListParagraph' : WORD_STYLES[block.style];
      const properties = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : '';
      const text = block.list ? `${block.list.ordered ? '1.' : '•'} ${block.text}` : block.text;
      return `<w:p>${properties}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
    })
    .join('');
}

const WORD_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/**
 * The document as a Word file (Office Open XML, .docx): a zip of the content types, the package
 * relationships, `word/document.xml` with its paragraphs and tables, the styles its headings use,
 * and the core properties holding the title.
 */
export function renderDocx(
  title: string,
  content: readonly DocsStructuralElement[],
  lists?: ExportLists,
): Uint8Array {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const style = (id: string, name: string, size: number) =>
    `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="Normal"/><w:qFormat/><w:rPr><w:sz w:val="${size}"/></w:rPr></w:style>`;
  return zip([
    {
      name: '[Content_Types].xml',
      data: `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      name: 'word/document.xml',
      data: `${xml}<w:document xmlns:w="${WORD_NS}"><w:body>${wordParagraphs(blocks(content, lists))}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`,
    },
    {
      name: 'word/styles.xml',
      data: `${xml}<w:styles xmlns:w="${WORD_NS}"><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial"/><w:sz w:val="22"/></w:rPr></w:style>${style('Title', 'Title', 52)}${style('Subtitle', 'Subtitle', 30)}${style('Heading1', 'heading 1', 40)}${style('Heading2', 'heading 2', 32)}${style('Heading3', 'heading 3', 28)}${style('ListParagraph', 'List Paragraph', 22)}</w:styles>`,
    },
    {
      name: 'docProps/core.xml',
      data: `${xml}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${escapeXml(title)}</dc:title></cp:coreProperties>`,
    },
  ]);
}

function odtParagraphs(items: ExportBlock[]): string {
  return items
    .map((block) => {
      if (block.kind === 'table') {
        const columns = Math.max(...block.rows.map((row) => row.length), 1);
        const rows = block.rows.map(
          (row) =>
            `<table:table-row>${row.map((c) => `<table:table-cell office:value-type="string">${odtParagraphs(c) || '<text:p/>'}</table:table-cell>`).join('')}</table:table-row>`,
        );
        return `<table:table><table:table-column table:number-columns-repeated="${columns}"/>${rows.join('')}</table:table>`;
      }
      const level = /^HEADING_(\d)$/.exec(block.style)?.[1] ?? (block.style === 'TITLE' ? '1' : undefined);
      if (level) return `<text:h text:outline-level="${level}">${escapeXml(block.text)}</text:h>`;
      if (block.list)
        return `<text:list><text:list-item><text:p>${escapeXml(block.text)}</text:p></text:list-item></text:list>`;
      return `<text:p>${escapeXml(block.text)}</text:p>`;
    })
    .join('');
}

/** The document as an OpenDocument text file (.odt): the `mimetype` entry first, then its XML. */
export function renderOdt(
  title: string,
  content: readonly DocsStructuralElement[],
  lists?: ExportLists,
): Uint8Array {
  const xml = '<?xml version="1.0" encoding="UTF-8"?>\n';
  const office = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
  return zip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
    {
      name: 'META-INF/manifest.xml',
      data: `${xml}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    },
    {
      name: 'meta.xml',
      data: `${xml}<office:document-meta xmlns:office="${office}" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.2"><office:meta><dc:title>${escapeXml(title)}</dc:title></office:meta></office:document-meta>`,
    },
    {
      name: 'content.xml',
      data: `${xml}<office:document-content xmlns:office="${office}" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" office:version="1.2"><office:body><office:text>${odtParagraphs(blocks(content, lists))}</office:text></office:body></office:document-content>`,
    },
  ]);
}

/** Text for an RTF group: its specials escaped, everything past ASCII as `\uN?`. */
function rtfText(text: string): string {
  return text.replace(/[\\{}]|[^\x20-\x7e]/g, (c) => {
    if (c === '\\' || c === '{' || c === '}') return `\\${c}`;
    const code = c.charCodeAt(0);
    return `\\u${code > 32767 ? code - 65536 : code}?`;
  });
}

/** The document as Rich Text Format: headings bold and larger, list items with a bullet. */
export function renderRtf(content: readonly DocsStructuralElement[], lists?: ExportLists): string {
  const sizes: Record<string, number> = { TITLE: 52, HEADING_1: 40, HEADING_2: 32, HEADING_3: 28 };
  const body = paragraphs(content, lists)
    .map(({ text, style, list }) => {
      const size = sizes[style];
      const line = list ? `\\bullet  ${rtfText(text)}` : rtfText(text);
      return size ? `{\\pard\\b\\fs${size} ${line}\\par}` : `{\\pard\\fs22 ${line}\\par}`;
    })
    .join('\n');
  return `{\\rtf1\\ansi\\ansicpg1252\\uc1\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}\n${body}\n}`;
}

/** The document as an EPUB 3 book of one chapter: `mimetype` first, the container, package and nav. */
export function renderEpub(
  title: string,
  content: readonly DocsStructuralElement[],
  lists?: ExportLists,
): Uint8Array {
  const xml = '<?xml version="1.0" encoding="UTF-8"?>\n';
  const page = (heading: string, body: string) =>
    `${xml}<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${escapeXml(heading)}</title></head><body>${body}</body></html>`;
  return zip([
    { name: 'mimetype', data: 'application/epub+zip' },
    {
      name: 'META-INF/container.xml',
      data: `${xml}<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    },
    {
      name: 'OEBPS/content.opf',
      data: `${xml}<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:00000000-0000-4000-8000-000000000000</dc:identifier><dc:title>${escapeXml(title)}</dc:title><dc:language>en</dc:language><meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="body" href="body.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="body"/></spine></package>`,
    },
    {
      name: 'OEBPS/nav.xhtml',
      data: page(
        title,
        `<nav epub:type="toc"><ol><li><a href="body.xhtml">${escapeXml(title)}</a></li></ol></nav>`,
      ),
    },
    { name: 'OEBPS/body.xhtml', data: page(title, htmlBody(blocks(content, lists))) },
  ]);
}
