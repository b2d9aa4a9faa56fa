import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { exportDocsState, importDocsState } from './google-persistence.js';
import { docsSimulator } from './google-simulator.js';
import { batchEditing, connectDocs } from './google-test-helpers.js';

// Section breaks, section styles and named styles through the package's own batchUpdate command.

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

const { edit, refusal, read } = batchEditing(t);
const hello = () =>
  t.sim.state.createDocument({ title: 'Sections', paragraphs: [{ text: 'Hello world' }] }).id;

describe('section breaks and section styles', () => {
  it('insertSectionBreak puts a newline and a section break of one index inside a paragraph', async () => {
    const id = hello();
    await edit(id, [{ insertSectionBreak: { location: { index: 6 }, sectionType: 'NEXT_PAGE' } }]);
    const content = read(id).body.content;
    expect(content.map((e: any) => [e.startIndex, e.endIndex, Object.keys(e).at(-1)])).toEqual([
      [undefined, 1, 'sectionBreak'],
      [1, 7, 'paragraph'],
      [7, 8, 'sectionBreak'],
      [8, 15, 'paragraph'],
    ]);
    expect(content[1].paragraph.elements[0].textRun.content).toBe('Hello\n');
    expect(content[2].sectionBreak.sectionStyle).toMatchObject({ sectionType: 'NEXT_PAGE' });
    expect(content[3].paragraph.elements[0].textRun.content).toBe(' world\n');
    // The section break survives a snapshot of the simulator.
    importDocsState(t.sim.state, exportDocsState(t.sim.state));
    expect(read(id).body.content[2].sectionBreak.sectionStyle.sectionType).toBe('NEXT_PAGE');
  });

  it('refuses a section break in a table, in a header and of no type', async () => {
    const id = hello();
    await edit(id, [{ insertTable: { rows: 1, columns: 1, endOfSegmentLocation: {} } }]);
    const cell = read(id).body.content.find((e: any) => e.table).table.tableRows[0].tableCells[0];
    expect(
      await refusal(id, [
        { insertSectionBreak: { location: { index: cell.startIndex + 1 }, sectionType: 'CONTINUOUS' } },
      ]),
    ).toBe('400 Invalid requests[0].insertSectionBreak: Section breaks cannot be inserted inside a table.');
    const { replies } = await edit(id, [{ createHeader: { type: 'DEFAULT' } }]);
    const segmentId = replies![0]!.createHeader.headerId;
    expect(
      await refusal(id, [
        { insertSectionBreak: { location: { segmentId, index: 0 }, sectionType: 'CONTINUOUS' } },
      ]),
    ).toMatch(/segment ID must be empty/);
    expect(await refusal(id, [{ insertSectionBreak: { location: { index: 2 } } }])).toMatch(
      /section type must be CONTINUOUS or NEXT_PAGE/,
    );
  });

  it('updateSectionStyle styles the sections its range overlaps; unsetting or a read-only field is a 400', async () => {
    const id = hello();
    await edit(id, [{ insertSectionBreak: { location: { index: 6 }, sectionType: 'CONTINUOUS' } }]);
    const margin = { magnitude: 36, unit: 'PT' };
    await edit(id, [
      {
        updateSectionStyle: {
          range: { startIndex: 9, endIndex: 10 },
          sectionStyle: { marginLeft: margin, columnSeparatorStyle: 'BETWEEN_EACH_COLUMN' },
          fields: 'margin_left,columnSeparatorStyle',
        },
      },
    ]);
    const [first, , second] = read(id).body.content;
    expect(first.sectionBreak.sectionStyle.marginLeft).toBeUndefined();
    expect(second.sectionBreak.sectionStyle).toMatchObject({
      marginLeft: margin,
      columnSeparatorStyle: 'BETWEEN_EACH_COLUMN',
    });
    await edit(id, [
      {
        updateSectionStyle: {
          range: { startIndex: 1, endIndex: 12 },
          sectionStyle: { pageNumberStart: 3 },
          fields: 'pageNumberStart',
        },
      },
    ]);
    expect(read(id).body.content[0].sectionBreak.sectionStyle.pageNumberStart).toBe(3);
    expect(read(id).body.content[2].sectionBreak.sectionStyle.pageNumberStart).toBe(3);
    expect(
      await refusal(id, [
        {
          updateSectionStyle: {
            range: { startIndex: 1, endIndex: 2 },
            sectionStyle: {},
            fields: 'marginTop',
          },
        },
      ]),
    ).toMatch(/marginTop of SectionStyle must be set to a value/);
    expect(
      await refusal(id, [
        {
          updateSectionStyle: {
            range: { startIndex: 1, endIndex: 2 },
            sectionStyle: { sectionType: 'NEXT_PAGE' },
            fields: 'sectionType',
          },
        },
      ]),
    ).toMatch(/sectionType of SectionStyle is read-only/);
  });
});

describe('headers and footers of a later section', () => {
  it('createHeader at a later section break names it in that section’s style; deleteHeader removes it', async () => {
    const id = hello();
    await edit(id, [{ insertSectionBreak: { location: { index: 6 }, sectionType: 'NEXT_PAGE' } }]);
    const { replies } = await edit(id, [
      { createHeader: { type: 'DEFAULT', sectionBreakLocation: { index: 7 } } },
      { createFooter: { type: 'DEFAULT' } },
    ]);
    const headerId = replies![0]!.createHeader.headerId as string;
    const document = read(id);
    expect(document.body.content[2].sectionBreak.sectionStyle.defaultHeaderId).toBe(headerId);
    expect(document.documentStyle.defaultHeaderId).toBeUndefined();
    expect(document.documentStyle.defaultFooterId).toBe(replies![1]!.createFooter.footerId);
    expect(Object.keys(document.headers)).toEqual([headerId]);
    expect(
      await refusal(id, [{ createHeader: { type: 'DEFAULT', sectionBreakLocation: { index: 7 } } }]),
    ).toMatch(/already exists in this section/);
    expect(
      await refusal(id, [{ createHeader: { type: 'DEFAULT', sectionBreakLocation: { index: 3 } } }]),
    ).toMatch(/no section break at index 3/);
    // The document's default header is another one.
    await edit(id, [{ createHeader: { type: 'DEFAULT' } }]);
    expect(read(id).documentStyle.defaultHeaderId).not.toBe(headerId);
    await edit(id, [{ deleteHeader: { headerId } }]);
    expect(read(id).body.content[2].sectionBreak.sectionStyle.defaultHeaderId).toBeUndefined();
    expect(read(id).documentStyle.defaultHeaderId).toBeDefined();
  });
});

describe('named styles', () => {
  it('updateNamedStyle changes the fields its mask names in the tab’s named styles', async () => {
    const id = hello();
    await edit(id, [
      {
        updateNamedStyle: {
          namedStyle: {
            namedStyleType: 'HEADING_1',
            textStyle: { bold: true },
            paragraphStyle: { alignment: 'CENTER' },
          },
          fields: 'named_style_type,text_style.bold,paragraph_style.alignment',
        },
      },
    ]);
    const heading = read(id).namedStyles.styles.find((style: any) => style.namedStyleType === 'HEADING_1');
    expect(heading.textStyle).toMatchObject({ bold: true, fontSize: { magnitude: 20, unit: 'PT' } });
    expect(heading.paragraphStyle.alignment).toBe('CENTER');
    // A field named but left unset goes back to its default.
    await edit(id, [
      {
        updateNamedStyle: {
          namedStyle: { namedStyleType: 'HEADING_1' },
          fields: 'namedStyleType,textStyle.bold',
        },
      },
    ]);
    const reset = read(id).namedStyles.styles.find((style: any) => style.namedStyleType === 'HEADING_1');
    expect(reset.textStyle.bold).toBe(false);
    expect(reset.paragraphStyle.alignment).toBe('CENTER');
    expect(
      await refusal(id, [
        { updateNamedStyle: { namedStyle: { namedStyleType: 'TITLE' }, fields: 'textStyle.bold' } },
      ]),
    ).toMatch(/must include named_style_type/);
    expect(await refusal(id, [{ updateNamedStyle: { namedStyle: {}, fields: 'namedStyleType' } }])).toMatch(
      /named style type must be specified/,
    );
  });
});
