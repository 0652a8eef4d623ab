import { describe, expect, it } from 'vitest';
import { asciiFilename, contentDisposition } from './content-disposition.ts';

describe('Content-Disposition', () => {
  it('gives an ASCII filename= beside the UTF-8 filename*=', () => {
    expect(contentDisposition('packing-list.pdf')).toBe(
      `attachment; filename="packing-list.pdf"; filename*=UTF-8''packing-list.pdf`,
    );
    const h = contentDisposition('对账单-JKT2-B002-1.pdf');
    expect(h).toMatch(/^attachment; filename="JKT2-B002-1\.pdf"; filename\*=UTF-8''/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(h)?.[1] ?? '')).toBe('对账单-JKT2-B002-1.pdf');
    expect(contentDisposition('x.pdf', { inline: true })).toMatch(/^inline; /);
  });

  it('never leaves the ASCII name empty, and never lets quotes or paths through', () => {
    expect(asciiFilename('批次.xlsx', 'batches')).toBe('batches.xlsx');
    expect(asciiFilename('装箱方案.pdf')).toBe('download.pdf');
    expect(asciiFilename('a"b\\c/d.pdf')).toBe('a-b-c-d.pdf');
    expect(asciiFilename('Café résumé.pdf')).toBe('Cafe resume.pdf');
    expect(asciiFilename('ＣＳＱＵ３０５４３８３.pdf')).toBe('CSQU3054383.pdf');
    expect(contentDisposition("it's (1).pdf")).toContain(`filename*=UTF-8''it%27s%20%281%29.pdf`);
  });
});
