import { describe, expect, it } from 'vitest';
import { InvalidRequestError, SimDocument } from './google-docs-document.js';

const notes = () =>
  SimDocument.fromParagraphs([
    { text: 'Notes', style: { namedStyleType: 'HEADING_1' } },
    { runs: [{ text: 'Hello ' }, { text: 'world', style: { bold: true } }] },
    { text: 'Bye' },
  ]);

/** [startIndex, endIndex, text] of each paragraph. */
function paragraphs(document: SimDocument) {
  return document
    .content()
    .filter((element) => element.paragraph)
    .map((element) => [
      element.startIndex,
      element.endIndex,
      element.paragraph!.elements!.map((item) => item.textRun!.content).join(''),
    ]);
}

describe('SimDocument structure', () => {
  it('opens with a section break at 0..1 (no startIndex) and numbers paragraphs and runs', () => {
    const content = notes().content();
    expect(content[0]).toEqual({
      endIndex: 1,
      sectionBreak: {
        sectionStyle: {
          columnSeparatorStyle: 'NONE',
          contentDirection: 'LEFT_TO_RIGHT',
          sectionType: 'CONTINUOUS',
        },
      },
    });
    expect(paragraphs(notes())).toEqual([
      [1, 7, 'Notes\n'],
      [7, 19, 'Hello world\n'],
      [19, 23, 'Bye\n'],
    ]);
    const second = content[2]!.paragraph!;
    expect(second.elements).toEqual([
      { startIndex: 7, endIndex: 13, textRun: { content: 'Hello ', textStyle: {} } },
      { startIndex: 13, endIndex: 19, textRun: { content: 'world\n', textStyle: { bold: true } } },
    ]);
    expect(content[1]!.paragraph!.paragraphStyle).toMatchObject({ namedStyleType: 'HEADING_1' });
    expect(content[1]!.paragraph!.paragraphStyle!.headingId).toMatch(/^h\.[0-9a-f]{12}$/);
  });

  it('a blank document is one empty paragraph at 1..2', () => {
    expect(paragraphs(SimDocument.fromParagraphs([]))).toEqual([[1, 2, '\n']]);
  });
});

describe('insertText', () => {
  it('at index 1 puts text at the top and shifts every later index', () => {
    const document = notes();
    document.insertText(1, 'Draft: ');
    expect(paragraphs(document)).toEqual([
      [1, 14, 'Draft: Notes\n'],
      [14, 26, 'Hello world\n'],
      [26, 30, 'Bye\n'],
    ]);
  });

  it('in the middle of a run takes the style of the text before it', () => {
    const document = notes();
    document.insertText(16, 'ld wo'); // inside "world" (bold), after "wor"
    const second = document.content()[2]!.paragraph!;
    expect(second.elements!.map((item) => [item.textRun!.content, item.textRun!.textStyle])).toEqual([
      ['Hello ', {}],
      ['world wold\n', { bold: true }],
    ]);
  });

  it('with a newline splits the paragraph; both halves keep its style', () => {
    const document = notes();
    document.insertText(4, '\n');
    expect(paragraphs(document).slice(0, 2)).toEqual([
      [1, 5, 'Not\n'],
      [5, 8, 'es\n'],
    ]);
    const [first, second] = document.content().slice(1, 3);
    expect(first!.paragraph!.paragraphStyle!.namedStyleType).toBe('HEADING_1');
    expect(second!.paragraph!.paragraphStyle!.namedStyleType).toBe('HEADING_1');
    expect(first!.paragraph!.paragraphStyle!.headingId).not.toBe(
      second!.paragraph!.paragraphStyle!.headingId,
    );
  });

  it('counts UTF-16 code units: an emoji is two, and an index inside it moves past it', () => {
    const document = SimDocument.fromParagraphs([{ text: 'a😀b' }]);
    expect(document.endIndex).toBe(6);
    document.insertText(3, 'X'); // between the two halves of 😀
    expect(document.text()).toBe('a😀Xb\n');
  });

  it('refuses index 0 and indexes at or past the end, as Google words it', () => {
    const document = notes();
    expect(() => document.insertText(0, 'x')).toThrow(
      'The insertion index must be inside the bounds of an existing paragraph.',
    );
    expect(() => document.insertText(23, 'x')).toThrow(
      'Index 23 must be less than the end index of the referenced segment, 23.',
    );
    document.insertText(22, '!'); // just before the final newline: the end of the last paragraph
    expect(document.text().endsWith('Bye!\n')).toBe(true);
  });

  it('drops control and private-use characters', () => {
    const document = SimDocument.fromParagraphs([{ text: 'ab' }]);
    document.insertText(2, 'x\u0001\ue000y\tz');
    expect(document.text()).toBe('axy\tzb\n');
  });
});

describe('deleteContentRange', () => {
  it('deletes [start, end) and shifts what follows back', () => {
    const document = notes();
    document.deleteContentRange(7, 13); // "Hello "
    expect(paragraphs(document)).toEqual([
      [1, 7, 'Notes\n'],
      [7, 13, 'world\n'],
      [13, 17, 'Bye\n'],
    ]);
  });

  it('merges paragraphs when the range crosses a newline, under the first one’s style', () => {
    const document = notes();
    document.deleteContentRange(4, 10); // "es\nHel"
    expect(paragraphs(document)[0]).toEqual([1, 13, 'Notlo world\n']);
    expect(document.content()[1]!.paragraph!.paragraphStyle!.namedStyleType).toBe('HEADING_1');
  });

  it('deleting whole paragraphs leaves the next one’s style alone', () => {
    const document = notes();
    document.deleteContentRange(1, 7); // "Notes\n"
    expect(paragraphs(document)[0]).toEqual([1, 13, 'Hello world\n']);
    expect(document.content()[1]!.paragraph!.paragraphStyle!.namedStyleType).toBe('NORMAL_TEXT');
  });

  it('never deletes the final newline, nor index 0, nor past the end', () => {
    const document = notes();
    expect(() => document.deleteContentRange(19, 23)).toThrow(
      'The range cannot include the newline character at the end of the segment.',
    );
    expect(() => document.deleteContentRange(0, 3)).toThrow(InvalidRequestError);
    expect(() => document.deleteContentRange(5, 30)).toThrow('must be less than the end index');
    expect(() => document.deleteContentRange(5, 5)).toThrow('The range should not be empty.');
    document.deleteContentRange(19, 22); // "Bye" but not its newline
    expect(document.text()).toBe('Notes\nHello world\n\n');
  });
});

describe('styles', () => {
  it('updateTextStyle splits runs at the range and resets listed fields left unset', () => {
    const document = notes();
    document.updateTextStyle(7, 9, { italic: true }, ['italic']);
    document.updateTextStyle(13, 16, {}, ['bold']);
    const runs = document
      .content()[2]!
      .paragraph!.elements!.map((item) => [item.textRun!.content, item.textRun!.textStyle]);
    expect(runs).toEqual([
      ['He', { italic: true }],
      ['llo wor', {}],
      ['ld\n', { bold: true }],
    ]);
  });

  it('updateParagraphStyle applies to every paragraph the range touches', () => {
    const document = notes();
    document.updateParagraphStyle(10, 20, { namedStyleType: 'HEADING_2', alignment: 'CENTER' }, '*');
    const styles = document
      .content()
      .slice(1)
      .map((element) => element.paragraph!.paragraphStyle);
    expect(styles[0]!.namedStyleType).toBe('HEADING_1');
    expect(styles[1]).toMatchObject({ namedStyleType: 'HEADING_2', alignment: 'CENTER' });
    expect(styles[2]).toMatchObject({ namedStyleType: 'HEADING_2', alignment: 'CENTER' });
  });

  it('replaceAllText replaces every match, case-insensitively unless asked', () => {
    const document = SimDocument.fromParagraphs([{ text: 'Todo: todo list' }, { text: 'TODO' }]);
    expect(document.replaceAllText('todo', 'done', false)).toBe(3);
    expect(document.text()).toBe('done: done list\ndone\n');
    expect(document.replaceAllText('DONE', 'x', true)).toBe(0);
  });
});

describe('tables', () => {
  /**
   * "Intro" and a 2×2 table inserted at its end (index 6): the table starts at 7 (location + 1),
   * rows at 8 and 13, cells at 9, 11, 14 and 16 (their paragraphs at 10, 12, 15, 17), the table
   * ends at 19, and the paragraph that followed the insertion point comes after it at 19..20.
   */
  const withTable = () => {
    const document = SimDocument.fromParagraphs([{ text: 'Intro' }]);
    document.insertTable(6, 2, 2);
    return document;
  };

  it('inserts a newline first, then table, row and cell starts, each taking one index', () => {
    const content = withTable().content();
    expect(content.map((element) => [element.startIndex, element.endIndex, Object.keys(element)[2]])).toEqual(
      [
        [undefined, 1, undefined],
        [1, 7, 'paragraph'],
        [7, 19, 'table'],
        [19, 20, 'paragraph'],
      ],
    );
    const table = content[2]!.table as {
      rows: number;
      columns: number;
      tableRows: {
        startIndex: number;
        endIndex: number;
        tableCells: { startIndex: number; endIndex: number; content: { startIndex: number }[] }[];
      }[];
    };
    expect([table.rows, table.columns]).toEqual([2, 2]);
    expect(table.tableRows.map((row) => [row.startIndex, row.endIndex])).toEqual([
      [8, 13],
      [13, 18],
    ]);
    expect(
      table.tableRows.flatMap((row) =>
        row.tableCells.map((cell) => [cell.startIndex, cell.endIndex, cell.content[0]!.startIndex]),
      ),
    ).toEqual([
      [9, 11, 10],
      [11, 13, 12],
      [14, 16, 15],
      [16, 18, 17],
    ]);
  });

  it('takes text in a cell, and refuses text at a table, row or cell start', () => {
    const document = withTable();
    document.insertText(10, 'cell\nsecond');
    const cell = (document.content()[2]!.table as { tableRows: { tableCells: { content: unknown[] }[] }[] })
      .tableRows[0]!.tableCells[0]!;
    expect(cell.content).toHaveLength(2);
    for (const index of [7, 8, 9]) {
      expect(() => document.insertText(index, 'x')).toThrow(
        'must be inside the bounds of an existing paragraph',
      );
    }
    expect(document.text()).toBe('Intro\ncell\nsecond\n\n\n\n\n');
  });

  it('deletes a whole table, but never part of one, a cell’s last newline or the newline before it', () => {
    const refuse = 'Invalid deletion range. Cannot delete the requested range.';
    expect(() => withTable().deleteContentRange(7, 11)).toThrow(refuse);
    expect(() => withTable().deleteContentRange(10, 11)).toThrow(refuse);
    expect(() => withTable().deleteContentRange(6, 7)).toThrow(refuse);
    expect(() => withTable().deleteContentRange(10, 15)).toThrow(refuse);
    const document = withTable();
    document.deleteContentRange(7, 19);
    expect(paragraphs(document)).toEqual([
      [1, 7, 'Intro\n'],
      [7, 8, '\n'],
    ]);
    const merged = withTable();
    merged.deleteContentRange(4, 19); // "ro\n" and the table: "Int" joins the paragraph after
    expect(paragraphs(merged)).toEqual([[1, 5, 'Int\n']]);
  });

  it('refuses tables of no rows or columns, and page breaks inside a table', () => {
    expect(() => withTable().insertTable(1, 0, 2)).toThrow('at least one row');
    expect(() => withTable().insertTable(1, 1, 0)).toThrow('at least one column');
    expect(() => withTable().insertPageBreak(10)).toThrow('Page breaks cannot be inserted inside a table.');
  });

  it('replaceAllText never removes a cell’s last newline', () => {
    const document = withTable();
    document.insertText(10, 'x');
    expect(document.replaceAllText('x\n', 'y', true)).toBe(0);
    expect(document.replaceAllText('x', 'y', true)).toBe(1);
  });
});

describe('bullets', () => {
  it('makes list items of the paragraphs a range touches, a new list per run', () => {
    const document = SimDocument.fromParagraphs([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
    document.createParagraphBullets(1, 4, 'BULLET_CHECKBOX');
    const [first, second, third] = document
      .content()
      .slice(1)
      .map((element) => element.paragraph!);
    const listId = (first!.bullet as { listId: string }).listId;
    expect(listId).toMatch(/^kix\.[0-9a-f]{12}$/);
    expect(second!.bullet).toEqual({ listId, textStyle: {} });
    expect(third!.bullet).toBeUndefined();
    expect(Object.keys(document.lists())).toEqual([listId]);
    // The next paragraph joins the list before it when the preset matches.
    document.createParagraphBullets(5, 6, 'BULLET_CHECKBOX');
    expect((document.content()[3]!.paragraph!.bullet as { listId: string }).listId).toBe(listId);
    document.deleteParagraphBullets(1, 6);
    expect(
      document
        .content()
        .slice(1)
        .map((element) => element.paragraph!.bullet),
    ).toEqual([undefined, undefined, undefined]);
    expect(document.lists()).toEqual({});
  });

  it('refuses an unspecified preset', () => {
    const document = SimDocument.fromParagraphs([{ text: 'a' }]);
    expect(() => document.createParagraphBullets(1, 2, 'BULLET_GLYPH_PRESET_UNSPECIFIED')).toThrow(
      'A bullet preset must be specified.',
    );
  });
});

describe('inline elements', () => {
  it('take one index each and split the runs around them', () => {
    const document = SimDocument.fromParagraphs([{ text: 'ab' }]);
    document.insertInline(2, { person: { personId: 'kix.p', personProperties: { email: 'a@example.com' } } });
    document.insertPageBreak(4);
    expect(document.content()[1]!.paragraph!.elements).toEqual([
      { startIndex: 1, endIndex: 2, textRun: { content: 'a', textStyle: {} } },
      {
        startIndex: 2,
        endIndex: 3,
        person: { personId: 'kix.p', personProperties: { email: 'a@example.com' }, textStyle: {} },
      },
      { startIndex: 3, endIndex: 4, textRun: { content: 'b', textStyle: {} } },
      { startIndex: 4, endIndex: 5, pageBreak: { textStyle: {} } },
      { startIndex: 5, endIndex: 6, textRun: { content: '\n', textStyle: {} } },
    ]);
    expect(document.text()).toBe('a\ufffcb\ufffc\n\n');
  });
});
