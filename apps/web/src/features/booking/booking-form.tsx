import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import { BOOKING_FORM_EXPIRED, BOOKING_FORM_INVALID, BOOKING_FORM_USED, BookingRequestInput, localDate, zoneAbbreviation } from '@willow/contracts';
import type { BookingPage } from '@willow/contracts';
import { MessageInput, TextInput, useFormState } from '../../components/form-fields';
import { useRevealFirstError } from '../../components/use-reveal-first-error';
import { readableMessage, validate } from '../../lib/zod-errors';
import type { FieldErrors } from '../../lib/zod-errors';
import { formatDuration, formatMoney } from '../services/service-format';
import { MAX_PREFERRED_TIMES, toPreferredTimes } from './booking-times';
import type { PreferredTimeDraft } from './booking-times';
import { bookingKeys, useSubmitBooking } from './booking.api';

const blankForm = () => ({
  serviceId: '',
  times: [{ date: '', time: '' }] as PreferredTimeDraft[],
  petName: '',
  speciesId: '',
  notes: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
});
type FormValues = ReturnType<typeof blankForm>;

/** Contract paths of BookingRequestInput → the form's fields. */
const FIELD_OF: Record<string, keyof FormValues> = {
  serviceId: 'serviceId',
  preferredTimes: 'times',
  'patient.name': 'petName',
  'patient.speciesId': 'speciesId',
  'patient.notes': 'notes',
  'owner.firstName': 'firstName',
  'owner.lastName': 'lastName',
  'owner.email': 'email',
  'owner.phone': 'phone',
  'owner.address': 'address',
};

function formErrors(contractErrors: FieldErrors): FieldErrors {
  const result: FieldErrors = {};
  for (const [path, message] of Object.entries(contractErrors)) {
    const field = FIELD_OF[path] ?? (path.startsWith('preferredTimes') ? 'times' : undefined);
    if (field && !(field in result)) result[field] = message;
  }
  return result;
}

const ORDINALS = ['First', 'Second', 'Third'];

/** A titled group of fields: a fieldset, so the title is announced with the fields it holds. */
function FormSection({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: intro ? 0.5 : 1.5 }}>
        {title}
      </Typography>
      {intro}
      {children}
    </Box>
  );
}

/** Answers that mean the form's token is no good (any more): the page is read again for a new one. */
const STALE_FORM: readonly string[] = [BOOKING_FORM_EXPIRED, BOOKING_FORM_INVALID, BOOKING_FORM_USED];

interface BookingFormProps {
  page: BookingPage;
  /** the clock; tests pass their own */
  now?: () => number;
}

/**
 * The public request form. Times are typed in the clinic's own time zone (the visit happens
 * there) and sent as instants; the server answers with the confirmation text to show.
 */
export function BookingForm({ page, now = Date.now }: BookingFormProps) {
  const form = useFormState<FormValues>(blankForm());
  const [timeErrors, setTimeErrors] = useState<Record<number, string>>({});
  // Bots fill in every field they find; people never see this one.
  const [website, setWebsite] = useState('');
  const [failure, setFailure] = useState<string>();
  const [confirmation, setConfirmation] = useState<string>();
  const submitBooking = useSubmitBooking(page.locationId);
  const queryClient = useQueryClient();
  // Not a mutation's declaration: the page is read again when its form token is no longer good (a
  // refused request, a new request after a sent one), never because the request changed the page.
  const refreshPage = () => queryClient.invalidateQueries({ queryKey: bookingKeys.page(page.locationId) });
  const today = useMemo(() => localDate(now(), page.timezone), [now, page.timezone]);
  const zoneLabel = `${page.timezone.replace(/_/g, ' ')}, ${zoneAbbreviation(now(), page.timezone)}`;

  const v = form.values;
  const e = form.errors;
  const { ref: formRef, reveal: revealFirstError } = useRevealFirstError<HTMLFormElement>();

  const setTimes = (times: PreferredTimeDraft[]) => {
    form.set('times', times);
    setTimeErrors({});
  };
  const setTime = (index: number, patch: Partial<PreferredTimeDraft>) =>
    setTimes(v.times.map((t, i) => (i === index ? { ...t, ...patch } : t)));

  const submit = () => {
    setFailure(undefined);
    const preferred = toPreferredTimes(v.times, page.timezone, now());
    const payload = {
      serviceId: v.serviceId,
      preferredTimes: preferred.times,
      patient: { name: v.petName, speciesId: v.speciesId, notes: v.notes.trim() ? v.notes : null },
      owner: { firstName: v.firstName, lastName: v.lastName, email: v.email, phone: v.phone, address: v.address },
      website,
      // Issued with the page: the server refuses a form sent within seconds of it (bots) or hours later.
      formToken: page.formToken,
    };
    const checked = validate(BookingRequestInput, payload);
    setTimeErrors(preferred.errors);
    if (!checked.ok) form.setErrors(formErrors(checked.errors));
    else form.setErrors({});
    if (!checked.ok || Object.keys(preferred.errors).length > 0) return revealFirstError();
    submitBooking.mutate(payload, {
      onSuccess: (answer) => setConfirmation(answer.message),
      // 400 (a field the server refused) and 429 (too many requests) keep everything typed.
      onError: (error) => {
        setFailure(error.message);
        // A stale, unverifiable or used form token: fetch a fresh page (and token) without losing what was typed.
        if (STALE_FORM.includes(error.message)) void refreshPage();
      },
    });
  };

  const startOver = () => {
    // A form token admits one request: the next one needs the page (and its token) read again.
    void refreshPage();
    form.reset(blankForm());
    setTimeErrors({});
    setFailure(undefined);
    setConfirmation(undefined);
  };

  if (confirmation)
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} role="status" data-testid="booking-confirmation">
        <CheckCircleIcon color="success" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="p">
          {confirmation}
        </Typography>
        <Button onClick={startOver}>Request another visit</Button>
      </Stack>
    );

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      aria-label="Request a visit"
      data-testid="booking-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitBooking.isPending) submit();
      }}
    >
      <Stack spacing={3}>
        <FormControl error={Boolean(e.serviceId)} component="fieldset">
          <FormLabel component="legend" sx={{ mb: 1 }}>
            <Typography variant="h6" component="span" sx={{ color: 'text.primary' }}>
              What is the visit for?
            </Typography>
          </FormLabel>
          {page.services.length === 0 ? (
            <Alert severity="info">This clinic has no services to book online at the moment. Please call the clinic.</Alert>
          ) : (
            <RadioGroup name="serviceId" value={v.serviceId} onChange={(event) => form.set('serviceId', event.target.value)}>
              {page.services.map((service) => (
                <FormControlLabel
                  key={service.id}
                  value={service.id}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <Box>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                        {service.name}
                      </Typography>
                      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                        {service.type} · {formatDuration(service.duration)} · {formatMoney(service.price, page.currency)}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          )}
          {e.serviceId && <FormHelperText>Choose a service.</FormHelperText>}
        </FormControl>

        <FormSection
          title="When would suit you?"
          intro={
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }} data-testid="booking-timezone">
              Up to {MAX_PREFERRED_TIMES} choices, in order of preference. Times are the clinic&apos;s local time ({zoneLabel}).
            </Typography>
          }
        >
          <Stack spacing={1.5}>
            {v.times.map((t, index) => {
              const ordinal = ORDINALS[index] ?? `Choice ${index + 1}`;
              return (
                <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TextInput
                    label={`${ordinal} choice date`}
                    type="date"
                    value={t.date}
                    onValueChange={(date) => setTime(index, { date })}
                    error={timeErrors[index]}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
                  />
                  <TextInput
                    label={`${ordinal} choice time`}
                    type="time"
                    value={t.time}
                    onValueChange={(time) => setTime(index, { time })}
                    error={timeErrors[index] ? ' ' : undefined}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
                  />
                  {index > 0 && (
                    <IconButton
                      aria-label={`Remove ${ordinal.toLowerCase()} choice`}
                      onClick={() => setTimes(v.times.filter((_, i) => i !== index))}
                      sx={{ mt: 1 }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  )}
                </Box>
              );
            })}
          </Stack>
          {e.times && <FormHelperText error>{readableMessage(e.times)}</FormHelperText>}
          {v.times.length < MAX_PREFERRED_TIMES && (
            <Button startIcon={<AddIcon />} onClick={() => setTimes([...v.times, { date: '', time: '' }])} sx={{ mt: 1 }}>
              Add another time
            </Button>
          )}
        </FormSection>

        <FormSection title="Your pet">
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextInput label="Pet's name" required value={v.petName} onValueChange={(x) => form.set('petName', x)} error={e.petName} />
              <TextField
                select
                fullWidth
                required
                id="booking-species"
                label="Species"
                value={v.speciesId}
                onChange={(event) => form.set('speciesId', event.target.value)}
                error={Boolean(e.speciesId)}
                helperText={e.speciesId && 'Choose a species.'}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">Choose…</option>
                {page.species.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </TextField>
            </Stack>
            <MessageInput
              label="Anything we should know?"
              value={v.notes}
              onValueChange={(x) => form.set('notes', x)}
              error={e.notes}
              helperText="Symptoms, behaviour, or what you would like to discuss"
            />
          </Stack>
        </FormSection>

        <FormSection title="Your details">
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextInput label="First name" required autoComplete="given-name" value={v.firstName} onValueChange={(x) => form.set('firstName', x)} error={e.firstName} />
              <TextInput label="Last name" required autoComplete="family-name" value={v.lastName} onValueChange={(x) => form.set('lastName', x)} error={e.lastName} />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextInput label="Email" type="email" required autoComplete="email" value={v.email} onValueChange={(x) => form.set('email', x)} error={e.email} />
              <TextInput label="Phone" type="tel" required autoComplete="tel" value={v.phone} onValueChange={(x) => form.set('phone', x)} error={e.phone} />
            </Stack>
            <TextInput
              label="Address (optional)"
              autoComplete="street-address"
              multiline
              minRows={2}
              value={v.address}
              onValueChange={(x) => form.set('address', x)}
              error={e.address}
              helperText="Needed for home visits"
            />
          </Stack>
        </FormSection>

        <Box
          aria-hidden="true"
          sx={{ position: 'absolute', left: '-10000px', top: 'auto', width: '1px', height: '1px', overflow: 'hidden' }}
        >
          <label htmlFor="booking-website">Website</label>
          <input
            id="booking-website"
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
          />
        </Box>

        {failure && (
          <Alert severity="error" data-testid="booking-error">
            {failure}
          </Alert>
        )}
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={submitBooking.isPending}
            disabled={page.services.length === 0}
            data-testid="booking-submit"
          >
            Request appointment
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            This is a request: the clinic confirms the time by email.
          </Typography>
        </Box>
      </Stack>
    </Box>
  );
}
