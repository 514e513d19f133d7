import { describe, expect, it } from 'vitest';
import { EstimateItemInput, InvoiceItemInput, priceDocument } from '@willow/contracts';
import type { InvoiceItem } from '@willow/contracts';
import {
  appendLines,
  blankLine,
  draftsFromItems,
  draftsFromTemplate,
  editorFieldErrors,
  estimateItemInput,
  invoiceItemInput,
  moneyCents,
  percentBasisPoints,
  priceDraft,
  quantityOf,
  rateOfCodes,
} from './document-lines';

describe('amounts as typed', () => {
  it('reads the currency’s units into integer cents', () => {
    expect(moneyCents('85.50')).toBe(8550);
    expect(moneyCents('$1,234.5')).toBe(123450);
    expect(moneyCents('3,75')).toBe(375);
    expect(moneyCents('0.29')).toBe(29);
    expect(moneyCents(' 45 ')).toBe(4500);
    expect(moneyCents('19.99')).toBe(1999);
  });

  it('leaves junk, blanks and fractions of a cent for the contract to refuse', () => {
    expect(moneyCents('')).toBeNaN();
    expect(moneyCents('abc')).toBeNaN();
    expect(moneyCents('1.2.3')).toBeNaN();
    expect(Number.isInteger(moneyCents('12.345'))).toBe(false);
    expect(InvoiceItemInput.safeParse({ description: 'x', quantity: 1, unitPrice: moneyCents('12.345') }).error?.issues[0]?.message).toBe('must be whole cents');
  });

  it('reads percentages into basis points and quantities with three decimals', () => {
    expect(percentBasisPoints('10')).toBe(1000);
    expect(percentBasisPoints('12.5')).toBe(1250);
    expect(percentBasisPoints('8.25 %')).toBe(825);
    expect(percentBasisPoints('')).toBeNaN();
    expect(quantityOf('1.5')).toBe(1.5);
    expect(quantityOf('2,25')).toBe(2.25);
    expect(quantityOf('')).toBeNaN();
  });
});

const TAX_A = '11111111-1111-4111-8111-111111111111';
const TAX_B = '22222222-2222-4222-8222-222222222222';

describe('live totals', () => {
  const codes = [
    { id: TAX_A, rate: 825 },
    { id: TAX_B, rate: 500 },
  ];
  const lines = [
    blankLine({ description: 'Private cremation', quantity: '1', unitPrice: '260.00', discountType: 'percent', discount: '10', taxCodeId: TAX_A }),
    blankLine({ description: 'Urn', quantity: '2', unitPrice: '45.55', discountType: 'amount', discount: '5.01', taxCodeId: TAX_B }),
    blankLine({ description: 'Paw print', quantity: '1.5', unitPrice: '33.33' }),
  ];

  it('are priceDocument of the lines the contract receives: line discounts, an invoice discount and tax together', () => {
    const discount = { discountType: 'percent' as const, discount: '7.5' };
    const shown = priceDraft(lines, discount, rateOfCodes(codes));
    const sent = lines.map((l) => InvoiceItemInput.parse(invoiceItemInput(l)));
    const server = priceDocument(
      sent.map((l) => ({
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: { type: l.discountType, value: l.discountValue },
        taxRate: codes.find((c) => c.id === l.taxCodeId)?.rate ?? 0,
      })),
      { type: 'percent', value: 750 },
    );
    expect(shown).toEqual(server);
    // Worked by hand: 260 − 26 = 234.00; 91.10 − 5.01 = 86.09; 1.5 × 33.33 = 49.995 → 50.00.
    expect(shown.totals.subtotal).toBe(26000 + 9110 + 5000);
    expect(shown.lines.map((l) => l.net)).toEqual([23400, 8609, 5000]);
    expect(shown.totals.total).toBe(shown.lines.reduce((sum, l) => sum + l.total, 0));
  });

  it('an amount off the whole invoice is shared over the lines to the cent', () => {
    const shown = priceDraft(lines, { discountType: 'amount', discount: '10.00' }, rateOfCodes(codes));
    expect(shown.lines.reduce((sum, l) => sum + l.sharedDiscount, 0)).toBe(1000);
  });

  it('count a field still being typed as nothing, never NaN', () => {
    const typing = [blankLine({ quantity: '', unitPrice: '12.' }), blankLine({ quantity: '2', unitPrice: 'abc', discountType: 'percent', discount: '' })];
    const shown = priceDraft(typing, { discountType: 'amount', discount: 'x' }, rateOfCodes([]));
    expect(shown.totals).toEqual({ subtotal: 0, discount: 0, tax: 0, total: 0 });
  });

  it('a credit note is the same figures, negative', () => {
    const invoice = priceDraft(lines, { discountType: 'none', discount: '' }, rateOfCodes(codes));
    const credit = priceDraft(lines, { discountType: 'none', discount: '' }, rateOfCodes(codes), { sign: -1 });
    expect(credit.totals.total).toBe(-invoice.totals.total);
  });

  it('an estimate’s high total takes the high quantity, its low total the quantity', () => {
    const estimate = [blankLine({ description: 'Sedation', quantity: '1', highQuantity: '3', unitPrice: '100' }), blankLine({ description: 'Exam', quantity: '1', unitPrice: '50' })];
    const none = { discountType: 'none' as const, discount: '' };
    expect(priceDraft(estimate, none, rateOfCodes([])).totals.total).toBe(15000);
    expect(priceDraft(estimate, none, rateOfCodes([]), { high: true }).totals.total).toBe(35000);
    expect(EstimateItemInput.parse(estimateItemInput(estimate[0]!)).highQuantity).toBe(3);
    expect(EstimateItemInput.parse(estimateItemInput(estimate[1]!)).highQuantity).toBeNull();
  });

  it('a line whose tax code is no longer listed keeps the rate it was saved with', () => {
    const rateOf = rateOfCodes(codes);
    expect(rateOf({ taxCodeId: 'gone', savedTaxRate: 600 })).toBe(600);
    expect(rateOf({ taxCodeId: '', savedTaxRate: 600 })).toBe(0);
    expect(rateOf({ taxCodeId: TAX_B, savedTaxRate: 600 })).toBe(500);
  });
});

describe('lines to and from the contract', () => {
  it('a saved line comes back as typed and goes out the same', () => {
    const item: InvoiceItem = {
      id: 'i1',
      position: 0,
      kind: 'service',
      description: 'Exam',
      quantity: 1.5,
      unitPrice: 8550,
      discountType: 'percent',
      discountValue: 1250,
      taxCodeId: 't1',
      taxName: 'VAT',
      taxRate: 825,
      providerId: 'u1',
      serviceId: 's1',
      addOnId: null,
      itemId: null,
      gross: 0,
      lineDiscount: 0,
      sharedDiscount: 0,
      tax: 0,
      total: 0,
      creditedItemId: null,
    };
    const [draft] = draftsFromItems([item]);
    expect(draft).toMatchObject({ quantity: '1.5', unitPrice: '85.50', discount: '12.5', taxCodeId: 't1', savedTaxRate: 825 });
    expect(invoiceItemInput(draft!)).toEqual({
      kind: 'service',
      description: 'Exam',
      quantity: 1.5,
      unitPrice: 8550,
      discountType: 'percent',
      discountValue: 1250,
      taxCodeId: 't1',
      providerId: 'u1',
      serviceId: 's1',
      addOnId: null,
      itemId: null,
    });
  });

  it('a credit note’s line keeps the invoice line it credits through an edit, and an estimate’s line names none', () => {
    const LINE_ID = '11111111-1111-4111-8111-111111111111';
    const item: InvoiceItem = {
      id: 'c1', position: 0, kind: 'text', description: 'Exam', quantity: 1, unitPrice: 10000, discountType: 'amount', discountValue: 0,
      taxCodeId: null, taxName: null, taxRate: 0, providerId: null, serviceId: null, addOnId: null, itemId: null,
      gross: -10000, lineDiscount: 0, sharedDiscount: 0, tax: 0, total: -10000, creditedItemId: LINE_ID,
    };
    const [draft] = draftsFromItems([item]);
    const edited = { ...draft!, quantity: '0.5' };
    expect(InvoiceItemInput.parse(invoiceItemInput(edited))).toMatchObject({ quantity: 0.5, creditedItemId: LINE_ID });
    expect(estimateItemInput(blankLine({ description: 'Urn', unitPrice: '45' }))).not.toHaveProperty('creditedItemId');
  });

  it('a template’s lines replace the one blank line, otherwise follow the lines there', () => {
    const fromTemplate = draftsFromTemplate([
      { id: 't', position: 1, description: 'Urn', quantity: 1, unitPrice: 4500, serviceId: null, addOnId: 'a1' },
      { id: 't0', position: 0, description: 'Exam', quantity: 1, unitPrice: 6800, serviceId: 's1', addOnId: null },
    ]);
    expect(fromTemplate.map((l) => [l.kind, l.description, l.unitPrice])).toEqual([
      ['service', 'Exam', '68.00'],
      ['addOn', 'Urn', '45.00'],
    ]);
    expect(appendLines([blankLine()], fromTemplate)).toHaveLength(2);
    expect(appendLines([blankLine({ description: 'Kept' })], fromTemplate)).toHaveLength(3);
  });

  it('the server’s field names land under the editor’s fields', () => {
    expect(
      editorFieldErrors({ 'invoiceItems.2.quantity': 'must be more than 0', 'invoiceData.clientId': 'is required', invoiceData: 'x' }, 'invoiceData', 'invoiceItems'),
    ).toEqual({ 'items.2.quantity': 'must be more than 0', clientId: 'is required' });
  });
});
