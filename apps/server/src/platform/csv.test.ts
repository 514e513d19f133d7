import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv.js';

describe('parseCsv', () => {
  it('splits rows and fields, with LF or CRLF line ends and no final line end', () => {
    expect(parseCsv('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a,b\r\nc,d\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a,b\rc,d\r')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line ends inside', () => {
    expect(parseCsv('name,address\r\n"Baker, Bob","12 ""Elm"" St\r\nApt 4"\r\n')).toEqual([
      ['name', 'address'],
      ['Baker, Bob', '12 "Elm" St\r\nApt 4'],
    ]);
    expect(parseCsv('"",x\n')).toEqual([['', 'x']]);
  });

  it('drops a leading byte order mark', () => {
    expect(parseCsv('\uFEFFclient_first_name,client_last_name\r\nAnn,Archer\r\n')).toEqual([
      ['client_first_name', 'client_last_name'],
      ['Ann', 'Archer'],
    ]);
  });

  it('keeps empty fields and skips blank lines', () => {
    expect(parseCsv('a,,c\n\n , \n,b,\n')).toEqual([
      ['a', '', 'c'],
      ['', 'b', ''],
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('treats a quote inside an unquoted field as text', () => {
    expect(parseCsv('5\'10",x\n')).toEqual([['5\'10"', 'x']]);
  });
});

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends, empty cells for null and undefined', () => {
    expect(toCsv(['a', 'b', 'c'], [[1, null, undefined], ['x', true, 2.5]])).toBe('a,b,c\r\n1,,\r\nx,true,2.5\r\n');
  });

  it('quotes cells with commas, quotes or line ends', () => {
    expect(toCsv(['v'], [['Baker, Bob'], ['12 "Elm" St'], ['one\ntwo'], ['cr\rhere']])).toBe(
      'v\r\n"Baker, Bob"\r\n"12 ""Elm"" St"\r\n"one\ntwo"\r\n"cr\rhere"\r\n',
    );
  });

  it('guards cells a spreadsheet would run as a formula', () => {
    const out = (v: string) => toCsv(['v'], [[v]]).split('\r\n')[1];
    expect(out('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(out('+cmd|" /C calc"!A0')).toBe(`"'+cmd|"" /C calc""!A0"`);
    expect(out('-2+3+cmd|x')).toBe("'-2+3+cmd|x");
    expect(out('@SUM(1)')).toBe("'@SUM(1)");
    expect(out('\t=1')).toBe("'\t=1");
    expect(out('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  it('leaves phone numbers and negative numbers alone', () => {
    const out = (v: unknown) => toCsv(['v'], [[v]]).split('\r\n')[1];
    expect(out('+1 (530) 555-0142')).toBe('+1 (530) 555-0142');
    expect(out('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(out('-12.5')).toBe('-12.5');
    expect(out(-3)).toBe('-3');
    expect(out('555-0142')).toBe('555-0142');
  });

  it('reads back what it wrote', () => {
    const rows = [
      ['Ann', 'Baker, "Bob"', 'line one\r\nline two', '+1 (530) 555-0142', ''],
      ['-4.25', 'plain', 'x', 'y', 'z'],
    ];
    expect(parseCsv(toCsv(['a', 'b', 'c', 'd', 'e'], rows))).toEqual([['a', 'b', 'c', 'd', 'e'], ...rows]);
  });
});
