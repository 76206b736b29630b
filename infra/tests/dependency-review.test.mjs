// Issue 32: docs/security.md's dependency review lists every runtime dependency with the minimum version
// whose advisories were reviewed; this holds node_modules to it. A lockfile change that installs an older
// copy, or a new runtime dependency nobody reviewed, fails here.
// Run: node --test infra/tests/dependency-review.test.mjs
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../scripts/lib.mjs';

/** The workspaces whose `dependencies` are the campus's runtime: the dev IdP (root), the server, the client. */
const WORKSPACES = { root: '', server: 'server', client: 'client' };

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The rows of the review table: the one whose header starts `| package | where | minimum |`. */
function reviewRows() {
  const lines = readFileSync(path.join(ROOT, 'docs/security.md'), 'utf8').split('\n');
  const header = lines.findIndex((line) => /^\|\s*package\s*\|\s*where\s*\|\s*minimum\s*\|/.test(line));
  assert.ok(header >= 0, 'docs/security.md has the dependency review table (| package | where | minimum | …)');
  const rows = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [name, where, minimum, advisories, reviewed] = line.split('|').slice(1, -1).map((cell) => cell.trim());
    rows.push({ name: name.replace(/`/g, ''), workspace: where.split(/\s/)[0], minimum, advisories, reviewed });
  }
  return rows;
}

/** The copy Node resolves from the workspace: its own node_modules first, then the repository's (hoisted). */
function installedVersion(workspace, name) {
  for (const folder of [path.join(ROOT, WORKSPACES[workspace], 'node_modules'), path.join(ROOT, 'node_modules')]) {
    const file = path.join(folder, name, 'package.json');
    if (existsSync(file)) return readJson(file).version;
  }
  return undefined;
}

/** Plain semver order: numeric major.minor.patch, a pre-release before its release. */
function compareVersions(a, b) {
  const parse = (version) => {
    const [core, pre] = version.split('-', 2);
    return { parts: core.split('.').map(Number), pre };
  };
  const [left, right] = [parse(a), parse(b)];
  for (let index = 0; index < 3; index += 1) {
    const difference = (left.parts[index] ?? 0) - (right.parts[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (left.pre === right.pre) return 0;
  if (left.pre === undefined) return 1;
  if (right.pre === undefined) return -1;
  return left.pre < right.pre ? -1 : 1;
}

const rows = reviewRows();

test('the review table is well formed: a workspace, a version, the advisories and the date of each review', () => {
  assert.ok(rows.length >= 50, `${rows.length} rows parsed`);
  for (const row of rows) {
    assert.ok(Object.hasOwn(WORKSPACES, row.workspace), `${row.name}: "where" starts with root, server or client (${row.workspace})`);
    assert.match(row.minimum, /^\d+\.\d+\.\d+(-[\w.]+)?$/, `${row.name}: the minimum is a version`);
    assert.ok(row.advisories.length > 0, `${row.name}: says which advisories were reviewed (or that none is known)`);
    assert.match(row.reviewed, /^\d{4}-\d{2}-\d{2}$/, `${row.name}: the review date`);
  }
});

test('every runtime dependency of the root, server and client package.json is reviewed', () => {
  const reviewed = new Set(rows.map((row) => `${row.workspace}:${row.name}`));
  for (const [workspace, folder] of Object.entries(WORKSPACES)) {
    const { dependencies = {} } = readJson(path.join(ROOT, folder, 'package.json'));
    for (const name of Object.keys(dependencies)) assert.ok(reviewed.has(`${workspace}:${name}`), `${workspace} depends on ${name}: add it to docs/security.md's review`);
  }
});

test('every listed package is installed at its reviewed minimum or later', () => {
  const behind = [];
  for (const row of rows) {
    const installed = installedVersion(row.workspace, row.name);
    if (installed === undefined || compareVersions(installed, row.minimum) < 0) behind.push(`${row.name} (${row.workspace}): ${installed ?? 'not installed'} < ${row.minimum}`);
  }
  assert.deepEqual(behind, []);
});

test('versions compare as semver, not as text', () => {
  assert.equal(compareVersions('5.12.8', '5.11.3'), 1);
  assert.equal(compareVersions('5.9.0', '5.12.8'), -1);
  assert.equal(compareVersions('6.2.108', '6.2.108'), 0);
  assert.equal(compareVersions('1.0.0-beta.2', '1.0.0'), -1);
  assert.equal(compareVersions('10.1.11', '9.99.99'), 1);
});
