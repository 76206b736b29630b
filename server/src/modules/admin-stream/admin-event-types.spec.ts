import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_EVENT_TYPES } from '../../contracts/admin-events';

const MODULES = join(__dirname, '..');

/** The `type` of every DomainEvent class under server/src/modules (specs left out: their probe events are not the campus's). */
function declaredEventTypes(): string[] {
  const types: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/readonly type = '(\w+)'/g)) types.push(match[1]!);
      }
    }
  };
  visit(MODULES);
  return types;
}

describe('ADMIN_EVENT_TYPES', () => {
  it('lists exactly the event types the modules declare (the console has a Japanese name for each)', () => {
    const declared = declaredEventTypes();
    expect(declared.length).toBeGreaterThan(30);
    expect([...new Set(declared)].sort()).toEqual([...ADMIN_EVENT_TYPES].sort());
  });
});
