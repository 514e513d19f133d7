import { describe, expect, it } from 'vitest';
import { AppointmentUpdateInput, MESSAGES } from '@willow/contracts';
import { ApiError } from './http-client';
import { fieldProblem, pickOneMessage, readableMessage, serverFieldErrors } from './zod-errors';

describe('serverFieldErrors', () => {
  it('puts a message naming its field under that field', () => {
    expect(serverFieldErrors(new ApiError('givenOn: must not be in the future', 400))).toEqual({ givenOn: 'must not be in the future' });
    expect(serverFieldErrors(new ApiError('owner.email: must be a valid email address', 400))).toEqual({ 'owner.email': 'must be a valid email address' });
  });

  it('says a wrong current password in words', () => {
    expect(serverFieldErrors(new ApiError('currentPassword: is incorrect', 400))).toEqual({ currentPassword: 'The current password is not correct' });
  });

  it('places business messages about one field although they do not name it', () => {
    expect(serverFieldErrors(new ApiError(MESSAGES.emailInUseAtLocation, 409))).toEqual({ email: MESSAGES.emailInUseAtLocation });
  });

  it('leaves other failures to the toast', () => {
    expect(serverFieldErrors(new ApiError(MESSAGES.serverError, 500))).toBeNull();
    expect(serverFieldErrors(new ApiError('id: must be a valid id', 400))).toBeNull();
    expect(serverFieldErrors(new ApiError('data: is required', 400))).toBeNull();
    expect(serverFieldErrors(undefined)).toBeNull();
  });
});

describe('pickOneMessage', () => {
  it('asks to choose when a pick-one field has no valid choice', () => {
    expect(pickOneMessage('Species', 'must be a valid id')).toBe('Choose a species');
    expect(pickOneMessage('Location', 'is required')).toBe('Choose a location');
    expect(pickOneMessage('Add-on category', 'unknown category')).toBe('Choose an add-on category');
  });

  it('passes other messages through readably', () => {
    expect(pickOneMessage('Species', 'must be at most 60 characters')).toBe(readableMessage('must be at most 60 characters'));
  });
});

describe('fieldProblem', () => {
  const note = AppointmentUpdateInput.shape.statusNote;

  it('says what is wrong with one value under a contract field, in words', () => {
    expect(fieldProblem(note, 'x'.repeat(501))).toBe('This field must be at most 500 characters.');
  });

  it('passes a value the field accepts, blank included', () => {
    expect(fieldProblem(note, 'x'.repeat(500))).toBeUndefined();
    expect(fieldProblem(note, '   ')).toBeUndefined();
  });
});

describe('readableMessage', () => {
  it('reads a contract message on its own, ending in one full stop', () => {
    expect(readableMessage('is required')).toBe('This field is required.');
    expect(readableMessage('must start with SG.')).toBe('This field must start with SG.');
    expect(readableMessage('Integration already exists for this location')).toBe('Integration already exists for this location');
  });
});
