import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * Lint keeps a module from importing another module's schema file; raw SQL is text lint cannot read.
 * This test reads every `sql` template (and `sql.raw` string) of the modules and refuses one that names
 * a table or view another module declares: a module reads another's data only through what that owner
 * publishes in its reads.ts.
 */
const SRC = __dirname;
const MODULES = join(SRC, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

const moduleOf = (path: string): string => relative(MODULES, path).split(sep)[0]!;

/** Table and view names → the module whose schema file declares them. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of sourceFiles(MODULES).filter((path) => path.endsWith('.schema.ts'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/pg(?:Table|View|MaterializedView)\(\s*'([a-z_]+)'/g)) owners.set(match[1]!, moduleOf(file));
  }
  return owners;
}

/** The literal text of each `sql` tagged template and `sql.raw('…')` argument in a file, interpolations left out. */
function sqlTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source).startsWith('sql')) {
      const template = node.template;
      texts.push(ts.isNoSubstitutionTemplateLiteral(template) ? template.text : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ? '));
    }
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'sql.raw') {
      for (const argument of node.arguments) if (ts.isStringLiteralLike(argument)) texts.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** Names a SQL text uses as tables: quoted identifiers, and bare words after from / join / update / into. */
function namedTables(text: string): string[] {
  const quoted = [...text.matchAll(/"([a-z_]+)"/g)].map((match) => match[1]!);
  const bare = [...text.matchAll(/\b(?:from|join|update|into)\s+([a-z_]+)/gi)].map((match) => match[1]!);
  return [...quoted, ...bare];
}

/** Every "file: table (owner)" where a module's SQL names another module's table. */
function crossModuleSql(): string[] {
  const owners = tableOwners();
  return sourceFiles(MODULES).flatMap((file) => {
    const module = moduleOf(file);
    const named = new Set(sqlTexts(file).flatMap(namedTables));
    return [...named].filter((table) => owners.has(table) && owners.get(table) !== module).map((table) => `${relative(SRC, file)}: ${table} (${owners.get(table)})`);
  });
}

/** The folder a file belongs to, as the house is drawn: each module, each infrastructure folder, the app files together. */
function roomOf(path: string): string {
  const [top, second] = relative(SRC, path).split(sep);
  if (top === 'modules') return `modules/${second}`;
  // The app layer (root files, bootstrap/, testing/) composes everything: one room, as lint's 'server-app' element.
  if (second === undefined || top === 'bootstrap' || top === 'testing') return 'app';
  return top!;
}

/** Folder → folders it imports (relative imports of the non-test sources). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = roomOf(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const to = roomOf(join(file, '..', match[1]!));
      if (to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Each set of folders that import one another in a loop (Tarjan's strongly connected components of two or more). */
function folderCycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        members.push(member);
      } while (member !== node);
      if (members.length > 1) cycles.push(members.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('the server\'s folders', () => {
  it('find a loop when there is one', () => {
    const graph = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])]]);
    expect(folderCycles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('import one another in no loop: modules, infrastructure and app stand in layers', () => {
    expect(folderGraph().get('modules/certificates')).toContain('modules/certification');
    expect(folderCycles(folderGraph())).toEqual([]);
  });
});

describe('raw SQL stays inside its module', () => {
  it('knows the tables: each module schema declares some', () => {
    const owners = tableOwners();
    expect(owners.get('users')).toBe('identity');
    expect(owners.get('badges')).toBe('certification');
    expect(owners.get('waiting_legacy_badges')).toBe('cloud-campus-migration');
  });

  it('reads a quoted table, a bare one after from/join, and leaves interpolations out', () => {
    expect(namedTables('select 1 from "lesson_completions" where x = ? and exists(select 1 from badges b join users u on true)')).toEqual(['lesson_completions', 'badges', 'users']);
  });

  it('names no other module\'s table in any module\'s SQL', () => {
    expect(crossModuleSql()).toEqual([]);
  });
});
