import { describe, expect, it } from 'vitest';
import { MergeContactsInput } from '@willow/contracts';
import type { Contact } from '@willow/contracts';
import { buildMergeRequest, differingFields, mergedPreview } from './merge';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

const contact = (id: string, patch: Partial<Contact>): Contact => ({
  id,
  name: 'Jane Smith',
  organisation: null,
  category: 'referring_vet',
  email: null,
  phone: null,
  address: null,
  notes: null,
  clientId: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  ...patch,
});

describe('buildMergeRequest', () => {
  it('merges every other selected contact into the survivor', () => {
    const request = buildMergeRequest([A, B, C], B, {});
    expect(request).toEqual({ survivorId: B, mergedIds: [A, C], fields: {} });
    expect(MergeContactsInput.safeParse(request).success).toBe(true);
  });

  it("sends only the picks that take another contact's value", () => {
    const request = buildMergeRequest([A, B], A, { email: B, phone: A, name: B });
    expect(request.fields).toEqual({ name: B, email: B });
  });

  it('ignores picks of contacts no longer selected', () => {
    expect(buildMergeRequest([A, B], A, { email: C }).fields).toEqual({});
  });

  it('keeps picks valid when the survivor changes', () => {
    // Picked B's email, then made B the survivor: B's email is the survivor's own now.
    expect(buildMergeRequest([A, B], B, { email: B, phone: A }).fields).toEqual({ phone: A });
  });
});

describe('merge helpers', () => {
  const contacts = [contact(A, { email: 'a@x.test', phone: '1' }), contact(B, { email: 'b@x.test', phone: '1' })];
  it('finds the fields that differ', () => {
    expect(differingFields(contacts)).toEqual(['email']);
  });
  it('previews the survivor with the picked values', () => {
    expect(mergedPreview(contacts, A, { email: B })?.email).toBe('b@x.test');
    expect(mergedPreview(contacts, A, {})?.email).toBe('a@x.test');
  });
});
