/**
 * Issue 29 item 2, "composition, not a class chain": no class in `src-main/core/mcp` extends a class
 * of ours. A class that needs another's behaviour owns it as a part (connection.ts owns its state,
 * list follower, supervisor and launcher; manager.ts owns its supervision). Extending the SDK's
 * `Client`, Node's `EventEmitter` or `Error` — anything imported from a package or `node:` — is fine.
 * Ours: a class declared in the same file, or an identifier imported from a relative path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MCP = resolve(import.meta.dirname, '..');

/** Every `.ts` file under `dir`, tests included (a test's helper class must not chain either). */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** `Class extends Base` lines of `source` (file `name`) whose `Base` is ours, as `name: Class extends Base`. */
function ownBaseClasses(name: string, source: string): string[] {
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const ours = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isClassDeclaration(statement) && statement.name) ours.add(statement.name.text);
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!statement.moduleSpecifier.text.startsWith('.')) continue;
    const clause = statement.importClause;
    if (clause?.name) ours.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) ours.add(element.name.text);
    if (bindings && ts.isNamespaceImport(bindings)) ours.add(bindings.name.text);
  }
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.heritageClauses) {
      for (const clause of node.heritageClauses) {
        if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
        for (const type of clause.types) {
          // `Base`, `Base<T>` or `ns.Base`: the leftmost identifier says where it comes from.
          let head: ts.Expression = type.expression;
          while (ts.isPropertyAccessExpression(head)) head = head.expression;
          if (ts.isIdentifier(head) && ours.has(head.text)) found.push(`${name}: ${node.name?.text ?? '(anonymous)'} extends ${type.expression.getText(file)}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  file.forEachChild(visit);
  return found;
}

describe('no class chain in core/mcp (issue 29 item 2)', () => {
  it('finds a relative or same-file base class and lets package bases pass', () => {
    const source = [
      "import { EventEmitter } from 'node:events';",
      "import { Client } from '@modelcontextprotocol/client';",
      "import { ConnectionState } from './connection-state.js';",
      'class Local {}',
      'export class A extends ConnectionState {}',
      'export class B extends EventEmitter<{ x: [] }> {}',
      'export class C extends Client {}',
      'export class D extends Error {}',
      'export class E extends Local {}',
    ].join('\n');
    expect(ownBaseClasses('x.ts', source)).toEqual(['x.ts: A extends ConnectionState', 'x.ts: E extends Local']);
  });

  it('has no class extending another class of ours', () => {
    const found = tsFiles(MCP).flatMap((path) => ownBaseClasses(relative(MCP, path), readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });
});
