import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './source-files.js';

/** STYLE.md's limits for production code. */
export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 80;

/** A function over the limit: where it starts, its name as a reader would search for it, its lines. */
export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** A file's line count (a final newline ends the last line, it does not start another). */
export function fileLines(path: string): number {
  const text = readFileSync(join(repoRoot, path), 'utf8');
  return text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function nameOf(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  if (named.name && ts.isPrivateIdentifier(named.name)) return named.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isCallExpression(parent))
    return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/**
 * Every function of a file longer than the limit, from its first line to its last: declarations,
 * methods, accessors, constructors, function expressions and arrow functions (React components
 * included). A function inside another counts on its own, and within its parent's lines too.
 */
export function longFunctions(path: string, limit = MAX_FUNCTION_LINES): LongFunction[] {
  const text = readFileSync(join(repoRoot, path), 'utf8');
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) found.push({ file: path, line: start + 1, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
