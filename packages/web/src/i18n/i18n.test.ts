import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
// TypeScript 5's compiler API parses the sources (TypeScript 7, which type-checks the repo, has no stable JS API).
import ts from 'typescript-5';
import { describe, expect, it } from 'vitest';
import { en } from './en/index.ts';
import { zh } from './zh/index.ts';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.tsx') && !p.endsWith('.test.tsx') ? [p] : [];
  });
}

const SRC = join(import.meta.dirname, '..');
const HAS_WORDS = /[A-Za-z\u4e00-\u9fa5]/;
const USER_FACING_PROPS = new Set([
  'title',
  'placeholder',
  'label',
  'alt',
  'aria-label',
  'okText',
  'cancelText',
  'description',
  'subTitle',
]);

describe('i18n catalogues', () => {
  it('zh and en hold the same keys', () => {
    const z = keys(zh).sort();
    const e = keys(en).sort();
    expect(z.filter((k) => !e.includes(k))).toEqual([]);
    expect(e.filter((k) => !z.includes(k))).toEqual([]);
  });
  it('no value is empty', () => {
    for (const [name, cat] of [['zh', zh] as const, ['en', en] as const]) {
      const empty = keys(cat).filter((k) => {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], cat);
        return typeof v !== 'string' || v.trim() === '';
      });
      expect(empty, name).toEqual([]);
    }
  });
  it('keeps the spec texts verbatim in zh and gives English in en', () => {
    expect(zh.validate.feedbackRequired).toBe('意见反馈不能为空');
    expect(zh.validate.feedbackLength).toBe('长度在 1 到 500 个字符');
    expect(zh.validate.phoneRequired).toBe('联系电话不能为空');
    expect(zh.validate.mobileFormat).toBe('请输入正确的电话号码');
    expect(zh.common.operationSuccess).toBe('操作成功');
    expect(zh.common.submitFailed).toBe('提交失败');
    expect(zh.nav.logoutTitle).toBe('提示');
    expect(zh.nav.logoutText).toBe('确定注销并退出系统吗？');
    expect(en.nav.logoutTitle).toBe('Tips');
    expect(en.nav.logoutText).toBe('Are you sure to log off and exit the system?');
  });
  it('components render no literal user-facing text (everything goes through t())', () => {
    const offenders: string[] = [];
    for (const file of files(SRC)) {
      const sf = ts.createSourceFile(
        file,
        readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      );
      const visit = (node: ts.Node) => {
        if (ts.isJsxText(node) && HAS_WORDS.test(node.text)) offenders.push(`${file}: ${node.text.trim()}`);
        if (
          ts.isJsxAttribute(node) &&
          USER_FACING_PROPS.has(node.name.getText(sf)) &&
          node.initializer &&
          ts.isStringLiteral(node.initializer) &&
          HAS_WORDS.test(node.initializer.text)
        ) {
          offenders.push(`${file}: ${node.name.getText(sf)}="${node.initializer.text}"`);
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
    expect(offenders).toEqual([]);
  });
});
