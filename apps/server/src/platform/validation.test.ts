import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as api from '@willow/contracts';
import { HttpError } from './errors.js';
import { formatIssue, keepAbsentOptionals, validatorCompiler } from './validation.js';

const firstIssue = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a validation failure');
  return result.error.issues[0]!;
};

const validate = (schema: z.ZodType, data: unknown, httpPart = 'body') =>
  (validatorCompiler({ schema, httpPart, method: 'POST', url: '/x' }) as (d: unknown) => { value?: unknown; error?: Error })(data);

describe('formatIssue', () => {
  it('names a missing field inside the {data} wrapper as "is required"', () => {
    const issue = firstIssue(api.wrapped(api.LocationInput), { data: { timezone: 'UTC' } });
    expect(formatIssue(issue, 'body')).toBe('name: is required');
  });

  it('names nested fields by their dotted path', () => {
    const issue = firstIssue(api.wrapped(api.LoginInput), { data: { email: 'nope', password: 'x' } });
    expect(formatIssue(issue, 'body')).toBe('email: must be a valid email address');
    const nested = firstIssue(api.wrapped(api.CreateAccountInput), {
      data: {
        name: 'A',
        subscriptionTier: 'free',
        owner: { firstName: 'A', lastName: 'B', email: 'bad', password: 'long-enough-password' },
        location: { name: 'L', timezone: 'UTC' },
      },
    });
    expect(formatIssue(nested, 'body')).toBe('owner.email: must be a valid email address');
  });

  it('names the field inside a named wrapper as the form calls it, and keeps an items key', () => {
    const body = api.invoiceTemplateOps.create!.body!;
    const field = firstIssue(body, { invoiceTemplateData: { locationId: 'x', name: '' }, invoiceTemplateItems: [] });
    expect(formatIssue(field, 'body')).toMatch(/^(locationId|name): /);
    const item = firstIssue(body, {
      invoiceTemplateData: { locationId: '00000000-0000-4000-8000-000000000000', name: 'N' },
      invoiceTemplateItems: [{ description: 'D', quantity: 1, unitPrice: 1.5 }],
    });
    expect(formatIssue(item, 'body')).toBe('invoiceTemplateItems.0.unitPrice: must be whole cents');
  });

  it('names array items by index', () => {
    const issue = firstIssue(api.wrapped(api.RoleInput), { data: { name: 'R', permissions: ['no.such'] } });
    expect(formatIssue(issue, 'body')).toMatch(/^permissions\.0: /);
  });

  it('passes the product texts through verbatim', () => {
    const issue = firstIssue(api.wrapped(api.LocationInput), { data: { name: 'Cats & Dogs', timezone: 'UTC' } });
    expect(formatIssue(issue, 'body')).toBe(api.MESSAGES.ampersand);
  });

  it('names a field inside a contract’s own wrapper ({formTemplateData}) like one inside {data}', () => {
    const issue = firstIssue(api.formTemplateOps.create.body!, { formTemplateData: { locationId: '00000000-0000-4000-8000-000000000000', name: '', fields: [] } });
    expect(formatIssue(issue, 'body')).toBe('name: is required');
    expect(formatIssue(firstIssue(api.formTemplateOps.create.body!, {}), 'body')).toBe('formTemplateData: is required');
  });

  it('names the wrapper itself when the body has no data', () => {
    expect(formatIssue(firstIssue(api.wrapped(api.LocationInput), {}), 'body')).toBe('data: is required');
  });

  it('names the request part when the issue has no path', () => {
    expect(formatIssue(firstIssue(z.object({ a: z.string() }), 'text'), 'querystring')).toMatch(/^querystring: /);
  });

  it('does not unwrap {data} outside the body', () => {
    const issue = firstIssue(z.object({ data: z.object({ a: z.string() }) }), { data: {} });
    expect(formatIssue(issue, 'querystring')).toBe('data.a: is required');
  });
});

describe('validatorCompiler', () => {
  it('says "is required" for an absent field that has its own message', () => {
    const result = validate(api.wrapped(api.ClientInput), { data: { firstName: 'Ann', lastName: 'Bee' } });
    expect(result.error?.message).toBe('locationId: is required');
    const wrong = validate(api.wrapped(api.ClientInput), { data: { locationId: 'nope', firstName: 'Ann', lastName: 'Bee' } });
    expect(wrong.error?.message).toBe('locationId: must be a valid id');
  });

  it('answers a 400 HttpError naming the field', () => {
    const { error } = validate(api.IdParams, { id: 'not-a-uuid' }, 'params');
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect(error!.message).toBe('id: must be a valid id');
  });

  it('hands the parsed value on, with the defaults of a create', () => {
    const { value } = validate(api.wrapped(api.LocationInput), { data: { name: ' Trimmed ', timezone: 'UTC' } });
    expect(value).toEqual({ data: { name: 'Trimmed', timezone: 'UTC', isActive: true, address: null, phone: null } });
  });

  it('leaves out of a partial update the fields the request did not send', () => {
    expect(validate(api.wrapped(api.LocationUpdateInput), { data: { name: 'Renamed' } }).value).toEqual({ data: { name: 'Renamed' } });
    expect(validate(api.wrapped(api.UpdateUserInput), { data: { firstName: 'Ann' } }).value).toEqual({ data: { firstName: 'Ann' } });
  });

  it('keeps what a partial update did send, including explicit nulls and empty lists', () => {
    const { value } = validate(api.wrapped(api.UpdateUserInput), { data: { phone: null, roleIds: [] } });
    expect(value).toEqual({ data: { phone: null, roleIds: [] } });
  });
});

describe('keepAbsentOptionals', () => {
  it('ignores values that are not objects', () => {
    const schema = z.object({ a: z.string().default('x').optional() });
    expect(() => keepAbsentOptionals(schema, null, null)).not.toThrow();
    expect(() => keepAbsentOptionals(z.string(), 'a', 'a')).not.toThrow();
  });

  it('keeps a required default (not wrapped in optional)', () => {
    const schema = z.object({ a: z.string().default('x') });
    const out = schema.parse({});
    keepAbsentOptionals(schema, {}, out);
    expect(out).toEqual({ a: 'x' });
  });
});
