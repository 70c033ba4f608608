import ts from 'typescript';

/** Comment lines and code lines of one file, as TypeScript parses it: a line with both is code. */
export function commentAndCodeLines(text: string, tsx: boolean): { comment: number; code: number } {
  const file = ts.createSourceFile(tsx ? 'file.tsx' : 'file.ts', text, ts.ScriptTarget.Latest, true, tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const comments = new Set<number>();
  const code = new Set<number>();
  const mark = (lines: Set<number>, start: number, end: number) => {
    const last = file.getLineAndCharacterOfPosition(Math.max(start, end - 1)).line;
    for (let line = file.getLineAndCharacterOfPosition(start).line; line <= last; line += 1) lines.add(line);
  };
  const visit = (node: ts.Node) => {
    // Every comment is the leading trivia of the token after it.
    for (const range of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []) mark(comments, range.pos, range.end);
    const children = node.getChildren(file).filter((child) => child.kind < ts.SyntaxKind.FirstJSDocNode || child.kind > ts.SyntaxKind.LastJSDocNode);
    if (children.length) children.forEach(visit);
    else if (node.kind !== ts.SyntaxKind.EndOfFileToken && node.getEnd() > node.getStart(file)) mark(code, node.getStart(file), node.getEnd());
  };
  visit(file);
  for (const line of code) comments.delete(line);
  return { comment: comments.size, code: code.size };
}
