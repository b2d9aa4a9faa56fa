/** A named GraphQL operation: its document (with the fragments it spreads), name and kind. */
export interface GraphqlOperation {
  readonly name: string;
  readonly kind: 'query' | 'mutation';
  readonly document: string;
  /** The keys its `data` has (root fields, or their aliases), each an object in Linear's schema. */
  readonly rootFields: readonly string[];
}

/**
 * Defines an operation from its text and the fragments it uses. The name, kind and root fields
 * are read from the text, so the `operationName` sent always matches the document and an answer
 * can be checked for what was asked.
 */
export function defineOperation(text: string, ...fragments: string[]): GraphqlOperation {
  const match = /^\s*(query|mutation)\s+([_A-Za-z]\w*)/.exec(text);
  if (!match) throw new Error('A GraphQL operation must start with `query Name` or `mutation Name`');
  return {
    kind: match[1] as 'query' | 'mutation',
    name: match[2]!,
    document: compact([text, ...fragments].join(' ')),
    rootFields: rootFieldsOf(text.slice(match[0].length)),
  };
}

/**
 * The document as sent: every run of whitespace (line breaks and indentation included) outside a
 * string literal is one space (a `#` comment goes), and none is kept beside a brace, which GraphQL ignores. A request's
 * body is then about a quarter shorter, with no newline to escape in its JSON, for the same meaning.
 */
export function compact(document: string): string {
  return document
    .split(/("(?:[^"\\]|\\.)*")/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/#[^\n]*/g, ' ')
            .replace(/\s+/g, ' ')
            .replace(/ ?([{}]) ?/g, '$1'),
    )
    .join('')
    .trim();
}

/**
 * The response keys of an operation's top-level selection: the alias or name of each field at
 * depth one, skipping arguments, directives, nested selections and string literals. A small scan
 * rather than graphql-js, which the connector does not load at run time.
 */
function rootFieldsOf(rest: string): string[] {
  const fields: string[] = [];
  let braces = 0;
  let parens = 0;
  let directive = false;
  for (let i = 0; i < rest.length; i += 1) {
    const char = rest[i]!;
    if (char === '"') {
      do i = rest.indexOf('"', i + 1);
      while (i > 0 && rest[i - 1] === '\\');
      if (i === -1) break;
    } else if (char === '(') parens += 1;
    else if (char === ')') parens -= 1;
    else if (parens > 0) continue;
    else if (char === '{') braces += 1;
    else if (char === '}') braces -= 1;
    else if (char === '@') directive = true;
    else if (braces === 1 && /[_A-Za-z]/.test(char)) {
      const name = /^[_A-Za-z]\w*/.exec(rest.slice(i))![0];
      // A directive's name, or the field after `alias:` (the response key is the alias, kept already).
      const skip = directive || /:\s*$/.test(rest.slice(0, i));
      directive = false;
      if (!skip) fields.push(name);
      i += name.length - 1;
    }
  }
  return fields;
}

/**
 * The issue fields every issue result carries: the Results table's fields (id, identifier, title,
 * priority, timestamps, state, team) plus description, due date, cycle, parent, project, assignee.
 * About 10 complexity points per issue, so even a page of 250 stays far below Linear's 10,000.
 */
export const ISSUE_FIELDS = `
fragment IssueFields on Issue {
  id
  identifier
  number
  title
  description
  priority
  priorityLabel
  estimate
  dueDate
  url
  labelIds
  createdAt
  updatedAt
  startedAt
  completedAt
  canceledAt
  archivedAt
  trashed
  state { id name type color }
  team { id key name }
  cycle { id number name }
  parent { id identifier title }
  project { id name }
  assignee { id name email }
}`;

/**
 * The project fields every project result carries. Its stage is `status {id name type}`: Linear
 * deprecated `Project.state` in favour of it, and no document here selects a deprecated field.
 */
export const PROJECT_FIELDS = `
fragment ProjectFields on Project {
  id
  name
  description
  color
  icon
  priority
  startDate
  targetDate
  url
  progress
  createdAt
  updatedAt
  startedAt
  completedAt
  canceledAt
  archivedAt
  trashed
  status { id name type }
  lead { id name email }
  teams(first: 50) { nodes { id key name } }
}`;

/** A cheap read that proves the credentials work. */
export const VIEWER_QUERY = defineOperation(`
query Viewer {
  viewer { id name email }
}`);
