import { describe, expect, it } from 'vitest';
import { insertAt } from './merge-targets';
import { mergeFieldMenu } from './merge-field-inserter';
import { problemsByPart } from './template-preview';
import { formFieldErrors, bodyOf } from './template-kinds';

describe('merge fields', () => {
  it('inserts at the caret, replaces a selection, and appends without a caret', () => {
    expect(insertAt('Dear ,', 5, 5, '{{ client.firstName }}')).toEqual({ value: 'Dear {{ client.firstName }},', caret: 27 });
    expect(insertAt('Hello NAME!', 6, 10, '{{ patient.name }}')).toEqual({ value: 'Hello {{ patient.name }}!', caret: 24 });
    expect(insertAt('Hi', null, null, ' {{ today.date }}')).toEqual({ value: 'Hi {{ today.date }}', caret: 19 });
    expect(insertAt('Hi', 10, 12, 'x')).toEqual({ value: 'Hix', caret: 3 });
  });

  it("lists each kind's groups only", () => {
    expect(mergeFieldMenu('pdf').map((g) => g.label)).toEqual(['Location', 'Practice', 'Today']);
    const note = mergeFieldMenu('note');
    expect(note.some((g) => g.group === 'invoice')).toBe(false);
    expect(note[0]?.fields[0]).toEqual({ label: 'First name', tag: '{{ client.firstName }}' });
  });

  it('puts the preview problems and the server refusals under their fields', () => {
    expect(
      problemsByPart([
        { part: 'body', line: 3, message: 'Unknown merge field client.nickname' },
        { part: 'body', line: 5, message: 'Unclosed tag' },
        { part: 'subject', line: null, message: 'Output too long' },
      ]),
    ).toEqual({ body: 'Line 3: Unknown merge field client.nickname · Line 5: Unclosed tag', subject: 'Output too long' });
    expect(formFieldErrors('email', { 'emailTemplateData.body': 'line 2: unknown merge field' })).toEqual({ body: 'line 2: unknown merge field' });
    expect(formFieldErrors('invoice', { 'invoiceTemplateItems.1.unitPrice': 'must be whole cents' })).toEqual({ 'items.1.unitPrice': 'must be whole cents' });
    expect(formFieldErrors('sms', { body: 'is required' })).toEqual({ body: 'is required' });
    expect(formFieldErrors('sms', null)).toBeNull();
  });

  it('wraps the data the way the contract names it; an edit keeps its location', () => {
    expect(bodyOf('email', { locationId: 'l', name: 'n', subject: 's', body: 'b' }, false)).toEqual({
      emailTemplateData: { locationId: 'l', name: 'n', subject: 's', body: 'b' },
    });
    expect(bodyOf('invoice', { locationId: 'l', name: 'n', notes: '', pdfTemplateId: null, items: [] }, true)).toEqual({
      invoiceTemplateData: { name: 'n', notes: '', pdfTemplateId: null },
      invoiceTemplateItems: [],
    });
  });
});
