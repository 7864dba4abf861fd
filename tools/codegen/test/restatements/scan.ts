/**
 * Finds, in hand-written TypeScript, the literals that equal a spec constant: string literals and
 * the text of template literals, regular-expression sources, numbers (folded when written as
 * `256 * 1024 * 1024`), and hand-written lists of names (array literals, call arguments, union
 * types) that belong to one of the spec's sets.
 */
import ts from 'typescript';
import { distinctiveNumber, type SpecConstants, sameName, words } from './spec-constants.js';

export interface Hit {
  readonly file: string;
  readonly line: number;
  /** The literal as a value: a string, a number, or the members of a list. */
  readonly literal: string | number | readonly string[];
  /** Which spec constant it equals. */
  readonly equals: string;
}

/** A template literal's text with each substitution as `{}`: `/v1/dreams/{}/cancel`. */
function templateText(node: ts.TemplateExpression): string {
  return node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join('');
}

/** The value of a numeric expression written with literals alone (`256 * 1024 * 1024`). */
function fold(node: ts.Expression): number | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isParenthesizedExpression(node)) return fold(node.expression);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const v = fold(node.operand);
    return v === undefined ? undefined : -v;
  }
  if (ts.isBinaryExpression(node)) {
    const a = fold(node.left);
    const b = fold(node.right);
    if (a === undefined || b === undefined) return undefined;
    switch (node.operatorToken.kind) {
      case ts.SyntaxKind.AsteriskToken:
        return a * b;
      case ts.SyntaxKind.PlusToken:
        return a + b;
      case ts.SyntaxKind.MinusToken:
        return a - b;
      case ts.SyntaxKind.AsteriskAsteriskToken:
        return a ** b;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** The name the code gives a number: the property, variable or parameter it is, or is compared with. */
function contextName(node: ts.Node): string | undefined {
  let n: ts.Node = node;
  while (ts.isParenthesizedExpression(n.parent) || ts.isPrefixUnaryExpression(n.parent)) n = n.parent;
  const p = n.parent;
  const nameOf = (x: ts.Node): string | undefined =>
    ts.isIdentifier(x) || ts.isPrivateIdentifier(x) || ts.isStringLiteral(x)
      ? x.text
      : ts.isPropertyAccessExpression(x)
        ? x.name.text
        : ts.isElementAccessExpression(x) && ts.isStringLiteral(x.argumentExpression)
          ? x.argumentExpression.text
          : undefined;
  if (
    (ts.isPropertyAssignment(p) ||
      ts.isVariableDeclaration(p) ||
      ts.isParameter(p) ||
      ts.isPropertyDeclaration(p)) &&
    p.name
  )
    return nameOf(p.name);
  if (ts.isBinaryExpression(p)) return nameOf(p.left === n ? p.right : p.left);
  return undefined;
}

const isNumericExpression = (n: ts.Node) =>
  ts.isBinaryExpression(n) || ts.isParenthesizedExpression(n) || ts.isPrefixUnaryExpression(n);

export function scanSource(file: string, text: string, c: SpecConstants): Hit[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const hits: Hit[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const hit = (node: ts.Node, literal: Hit['literal'], equals: string) =>
    hits.push({ file, line: at(node), literal, equals });

  const pathOf = (t: string): string | undefined => {
    const bare = t.replace(/^\{\}/, '').replace(/\?.*$/, '');
    return c.paths.get(bare);
  };
  /** The spec's prefix an id written by hand starts with (`drm_`, `wrkspc_default`). */
  const prefixOf = (value: string): string | undefined => {
    for (const [prefix, where] of c.prefixes)
      if (value.startsWith(prefix) && /^[A-Za-z0-9]*$/.test(value.slice(prefix.length))) return where;
    return undefined;
  };
  const checkString = (node: ts.Node, value: string) => {
    const s = c.strings.get(value) ?? pathOf(value) ?? prefixOf(value);
    if (s) hit(node, value, s);
  };
  const list = (node: ts.Node, values: readonly ts.Node[]) => {
    const names = values.map((v) =>
      ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v)
        ? v.text
        : ts.isLiteralTypeNode(v) && ts.isStringLiteral(v.literal)
          ? v.literal.text
          : undefined,
    );
    if (names.length < 2 || names.some((n) => n === undefined)) return;
    const members = [...new Set(names as string[])];
    if (members.length < 2) return;
    const set = c.lists.find((l) => members.every((m) => l.members.has(m)));
    if (set) hit(node, members, set.where);
  };

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!(ts.isExternalModuleReference(node.parent) || ts.isImportTypeNode(node.parent?.parent ?? node)))
        checkString(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      const whole = templateText(node);
      const p = pathOf(whole);
      if (p) hit(node, whole, p);
      else
        for (const part of [node.head, ...node.templateSpans.map((s) => s.literal)]) {
          const s = c.strings.get(part.text) ?? (part === node.head ? prefixOf(part.text) : undefined);
          if (s) hit(part, part.text, s);
        }
    } else if (ts.isRegularExpressionLiteral(node)) {
      const body = node.text.slice(1, node.text.lastIndexOf('/'));
      const s = c.strings.get(body);
      if (s) hit(node, body, s);
    } else if (ts.isArrayLiteralExpression(node)) {
      list(node, node.elements);
    } else if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      list(node, node.arguments ?? []);
    } else if (ts.isUnionTypeNode(node)) {
      list(node, node.types);
    }
    if (ts.isNumericLiteral(node) || (isNumericExpression(node) && !isNumericExpression(node.parent))) {
      const value = fold(node as ts.Expression);
      if (
        value !== undefined &&
        !(
          ts.isNumericLiteral(node) &&
          isNumericExpression(node.parent) &&
          fold(node.parent as ts.Expression) !== undefined
        )
      ) {
        const d = distinctiveNumber(value) ? c.numbers.get(value) : undefined;
        if (d) hit(node, value, d);
        else {
          const name = contextName(node);
          const named =
            name === undefined
              ? undefined
              : c.namedNumbers.get(value)?.find((x) => sameName(words(name), x.words));
          if (named) hit(node, value, named.where);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return hits;
}
