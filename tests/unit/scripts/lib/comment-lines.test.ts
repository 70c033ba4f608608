import { describe, expect, it } from 'vitest';
import { commentAndCodeLines } from '#scripts/lib/comment-lines.ts';

describe('counting comment lines', () => {
  it('counts line and block comments, JSDoc included, but not a // inside a string or a comment on a line of code', () => {
    const text = [
      '// why this exists',
      '/** a block',
      ' * of two lines */',
      `const url = \`http://kasuwa.ng ${1}`,
      '// inside the template: text',
      '`; // a note on code',
      '/* leading */ const b = 1;',
      '',
    ].join('\n');
    expect(commentAndCodeLines(text, false)).toEqual({ comment: 3, code: 4 });
  });

  it('reads JSX text as code', () => {
    expect(commentAndCodeLines('const p = (\n  <p>\n    // shown on the page\n  </p>\n);\n', true)).toEqual({ comment: 0, code: 5 });
  });
});
