// Every column, filter and form field a page declares is labelled in zh and en: by its own key where the
// label is special, else by the family's field label from the contract — no raw key reaches the screen.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
// TypeScript 5's compiler API parses the sources (TypeScript 7, which type-checks the repo, has no stable JS API).
import ts from 'typescript-5';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en/index.ts';
import { zh } from '../../i18n/zh/index.ts';
import { labelKeyOf } from './labels.ts';

const PAGES = join(import.meta.dirname, '../../pages');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p) ? [p] : [];
  });
}

function lookup(catalogue: object, key: string): unknown {
  // A family name may hold a slash (jobs/logs) but no dot: the key splits on dots.
  return key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], catalogue);
}

const text = (o: ts.ObjectLiteralExpression, name: string): string | undefined => {
  const p = o.properties.find((x) => ts.isPropertyAssignment(x) && x.name.getText() === name);
  return p && ts.isPropertyAssignment(p) && ts.isStringLiteralLike(p.initializer)
    ? p.initializer.text
    : undefined;
};
const has = (o: ts.ObjectLiteralExpression, name: string) =>
  o.properties.some(
    (x) => (ts.isPropertyAssignment(x) || ts.isMethodDeclaration(x)) && x.name.getText() === name,
  );

interface Use {
  where: string;
  family: string;
  name: string;
  key: string;
}

/** Columns (key), filters and form fields (name) inside each declaration (an object with name + columns). */
function declaredLabels(): Use[] {
  const uses: Use[] = [];
  for (const file of files(PAGES)) {
    const sf = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const visit = (node: ts.Node, family: string | undefined, list: string | undefined) => {
      let nextList = list;
      if (ts.isObjectLiteralExpression(node)) {
        const declName = text(node, 'name');
        if (declName && has(node, 'columns')) family = declName;
        else if (family && list) {
          const name = list === 'columns' ? text(node, 'key') : text(node, 'name');
          const own = list === 'columns' ? text(node, 'titleKey') : text(node, 'labelKey');
          if (name && !has(node, 'run'))
            uses.push({
              where: `${file.slice(PAGES.length + 1)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
              family,
              name,
              key: labelKeyOf(family, name, own),
            });
        }
      }
      if (ts.isPropertyAssignment(node)) {
        const prop = node.name.getText();
        if (prop === 'columns' || prop === 'filters' || prop === 'fields') nextList = prop;
        else if (prop === 'rowActions') nextList = undefined;
      }
      ts.forEachChild(node, (c) => visit(c, family, nextList));
    };
    visit(sf, undefined, undefined);
  }
  return uses;
}

describe('declared field labels', () => {
  const uses = declaredLabels();

  it('finds the declarations of the admin, project, box, supply and paper pages', () => {
    const families = new Set(uses.map((u) => u.family));
    for (const f of [
      'users',
      'roles',
      'menus',
      'project',
      'projectBatch',
      'supplies',
      'boxPiece',
      'reconciliation',
    ])
      expect(families, f).toContain(f);
    expect(uses.length).toBeGreaterThan(400);
  });

  it('labels every declared column, filter and field in zh and in en', () => {
    const missing = uses.flatMap((u) =>
      (['zh', 'en'] as const).flatMap((lang) => {
        const v = lookup(lang === 'zh' ? zh : en, u.key);
        return typeof v === 'string' && v.trim()
          ? []
          : [`${lang} ${u.where} ${u.family}.${u.name} → ${u.key}`];
      }),
    );
    expect(missing).toEqual([]);
  });

  it('most labels come from the family, not from a hand-typed key', () => {
    const derived = uses.filter((u) => u.key === labelKeyOf(u.family, u.name));
    expect(derived.length / uses.length).toBeGreaterThan(0.9);
  });

  it('derives the key from the family and the field unless a special one is named', () => {
    expect(labelKeyOf('users', 'username')).toBe('resources.users.fields.username');
    expect(labelKeyOf('users', 'blurry', 'admin.common.keyword')).toBe('admin.common.keyword');
    expect(zh.resources.users.fields.username).toBe('用户名');
    expect(en.resources.users.fields.username).toBe('User name');
  });
});
