import { describe, expect, it } from '@jest/globals';
import { defuseFormulas, toCsv } from './csv.js';

const line = (cells: (string | number)[]) => toCsv(['h'], [cells]).split('\r\n')[1];

describe('the CSV writer', () => {
  it('quotes every cell holding a separator, a quote or a line end, and writes CRLF lines', () => {
    expect(toCsv(['name', 'n'], [['Ann', 1]])).toBe('name,n\r\nAnn,1\r\n');
    expect(line(['a,b'])).toBe('"a,b"');
    expect(line(['a;b'])).toBe('"a;b"');
    expect(line(['a\tb'])).toBe('"a\tb"');
    expect(line(['say "hi"'])).toBe('"say ""hi"""');
    expect(toCsv(['h'], [['two\nlines']])).toBe('h\r\n"two\nlines"\r\n');
    expect(line(['plain text', 'Ed|pipe'])).toBe('plain text,Ed|pipe');
  });

  it('defuses a formula at the start of a cell', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(defuseFormulas(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(line(['=HYPERLINK("x")'])).toBe(`"'=HYPERLINK(""x"")"`);
    expect(line(['@cmd'])).toBe("'@cmd");
  });

  it('defuses a formula after every separator inside a cell, where a spreadsheet splitting on it starts a cell', () => {
    expect(line(['Bob;=1+1;'])).toBe(`"Bob;'=1+1;"`);
    expect(line(['Ann\t-2+3'])).toBe(`"Ann\t'-2+3"`);
    expect(line(['Di,+SUM(A1)'])).toBe(`"Di,'+SUM(A1)"`);
    expect(line(['a\n@b'])).toBe(`"a\n'@b"`);
    expect(line(['x;;=y'])).toBe(`"x;;'=y"`);
    // Not a new cell: a formula character inside text stays as it is.
    expect(line(['Cy @runner 1-2'])).toBe('Cy @runner 1-2');
  });

  it('writes numbers as numbers, a negative one too', () => {
    expect(line([-12.5, 0, 3])).toBe('-12.5,0,3');
  });
});
