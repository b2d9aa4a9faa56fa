import { describe, expect, it } from 'vitest';
import { GOOGLE_DOCS_MIME_TYPE } from '../docs-client.js';
import { isInFolder } from './google-drive-folders.js';
import {
  DriveQueryError,
  matchesDriveQuery,
  nameContainsPrefix,
  parseDriveQuery,
  quoteDriveString,
} from './google-drive-query.js';
import { DocsSimulatorState, type SimFile } from './google-state.js';

describe('Drive query language', () => {
  it('escapes quotes and backslashes in string literals, and reads them back', () => {
    const name = "Alex's \\ notes";
    const quoted = quoteDriveString(name);
    expect(quoted).toBe("'Alex\\'s \\\\ notes'");
    expect(parseDriveQuery(`name = ${quoted}`)).toEqual({
      type: 'compare',
      field: 'name',
      operator: '=',
      value: { kind: 'string', value: name },
    });
  });

  it('parses and, or, not and parentheses with the usual precedence', () => {
    const query = parseDriveQuery(
      "mimeType='application/vnd.google-apps.document' and not trashed=true or (starred = true and 'me' in owners)",
    );
    expect(query.type).toBe('or');
  });

  it('refuses what Drive refuses', () => {
    for (const q of [
      "name contains 'x",
      'name contains x',
      "title = 'x'",
      "trashed = 'false'",
      "name > 'a'",
      "modifiedTime > 'yesterday'",
      "name = 'a' and",
      "'x' in names",
    ]) {
      expect(() => parseDriveQuery(q), q).toThrow(DriveQueryError);
    }
  });

  it('name contains matches word prefixes only, ignoring case', () => {
    expect(nameContainsPrefix('Weekly Sync — Meeting Notes', 'meet')).toBe(true);
    expect(nameContainsPrefix('Weekly Sync — Meeting Notes', 'sync — meeting')).toBe(true);
    expect(nameContainsPrefix('Weekly Sync — Meeting Notes', 'eting')).toBe(false);
    expect(nameContainsPrefix('HelloWorld', 'World')).toBe(false);
    expect(nameContainsPrefix('Hello-World', 'world')).toBe(true);
  });

  it('evaluates against files for the asking user', () => {
    const state = new DocsSimulatorState();
    const mine = state.createDocument({
      title: 'Roadmap 2027',
      modifiedTime: Date.parse('2026-10-01T00:00:00Z'),
    });
    const other = state.createDocument({
      title: 'Other',
      owner: 'sam@example.com',
      sharedWith: { [state.currentUser]: 'reader' },
    });
    const context = {
      user: state.currentUser,
      text: () => '',
      inFolder: (file: SimFile, folderId: string) => isInFolder(file, folderId, state.currentUser),
    };
    const test = (q: string, file = mine) => matchesDriveQuery(parseDriveQuery(q), file, context);
    expect(test(`mimeType = '${GOOGLE_DOCS_MIME_TYPE}' and trashed = false and name contains 'road'`)).toBe(
      true,
    );
    expect(test("modifiedTime < '2026-11-01T00:00:00'")).toBe(true);
    expect(test("'me' in owners")).toBe(true);
    expect(test("'me' in owners", other)).toBe(false);
    expect(test('sharedWithMe = true', other)).toBe(true);
    expect(test("sharedWithMe and name contains 'oth'", other)).toBe(true);
    expect(test('sharedWithMe')).toBe(false);
    expect(test("'root' in parents")).toBe(true);
    expect(test("'root' in parents", other)).toBe(false);
    expect(test("'me' in writers", other)).toBe(false);
    expect(test("'me' in readers", other)).toBe(true);
  });
});
