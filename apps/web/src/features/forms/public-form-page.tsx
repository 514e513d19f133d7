import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Container, Paper, TextField, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useParams, useSearchParams } from 'react-router';
import { FORM_MESSAGES, PublicFormSubmission } from '@willow/contracts';
import type { PublicForm } from '@willow/contracts';
import { isApiError } from '../../lib/http-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ClientForm } from './client-form';
import type { FormAnswers } from './client-form';
import { usePublicForm, useSubmitPublicForm } from './forms.api';

/** The page's frame: a card on a plain background, no navigation; nearly the whole width of a phone. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ bgcolor: 'grey.100', minHeight: '100vh', py: { xs: 1, sm: 4 } }}>
      <Container maxWidth="sm" sx={{ px: { xs: 1, sm: 3 } }}>
        <Paper sx={{ p: { xs: 2, sm: 4 } }}>{children}</Paper>
      </Container>
    </Box>
  );
}

function Unusable({ message }: { message: string }) {
  return (
    <Frame>
      <Typography variant="h5" component="h1" gutterBottom>
        This form cannot be opened
      </Typography>
      <Alert severity="error">{message}</Alert>
    </Frame>
  );
}

/**
 * A form sent to a client (/form/{accountId}/{requestId}?t=…), opened without signing in: on their
 * phone from an email or text, or on a clinic device. It is filled in, signed and sent once; after
 * that the link says it has been used.
 */
export default function PublicFormPage() {
  const { accountId = '', requestId = '' } = useParams();
  const [params] = useSearchParams();
  const t = params.get('t') ?? '';
  useDocumentTitle('Form');
  const form = usePublicForm(accountId, requestId, t);
  if (!t) return <Unusable message={FORM_MESSAGES.linkInvalid} />;
  if (form.isLoading)
    return (
      <Frame>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Opening the form…</Typography>
        </Box>
      </Frame>
    );
  if (!form.data) {
    // A wrong, expired or used link is a 404 with the one message; anything else says what the server said.
    const error = form.error;
    return <Unusable message={isApiError(error) && error.status === 404 ? FORM_MESSAGES.linkInvalid : (error?.message ?? FORM_MESSAGES.linkInvalid)} />;
  }
  return <FillForm accountId={accountId} requestId={requestId} t={t} form={form.data} />;
}

function FillForm({ accountId, requestId, t, form }: { accountId: string; requestId: string; t: string; form: PublicForm }) {
  useDocumentTitle(form.formName);
  const [answers, setAnswers] = useState<FormAnswers>({});
  const [signerName, setSignerName] = useState('');
  const [signerError, setSignerError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const submit = useSubmitPublicForm(accountId, requestId);

  const checkSigner = () => {
    const name = signerName.trim();
    // The contract's rule for the signer's name (a name field: no '&'), before anything is sent.
    const problem = !form.needsSignerName
      ? undefined
      : !name
        ? 'Please type your full name'
        : PublicFormSubmission.shape.signerName.safeParse(name).error?.issues[0]?.message;
    setSignerError(problem);
    return !problem;
  };

  const send = (checked: FormAnswers) => {
    if (!checkSigner() || submit.isPending || submit.isSuccess) return;
    setRefusal(undefined);
    submit.mutate(
      // The version shown goes back: a form changed since it was opened is refused rather than signed unseen.
      { t, answers: checked, versionHash: form.versionHash, ...(form.needsSignerName && { signerName: signerName.trim() }) },
      {
        onError: (error) => {
          // 400: the answers were refused (the signature that could not be read says so); 429: too
          // many from here (the server's words); 404: the link went meanwhile.
          if (isApiError(error) && error.status === 400)
            setRefusal(error.message === FORM_MESSAGES.signatureUnreadable ? error.message : FORM_MESSAGES.submitRefused);
          else setRefusal(error.message);
        },
      },
    );
  };

  if (submit.isSuccess)
    return (
      <Frame>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <CheckCircleIcon color="success" aria-hidden />
          <Typography variant="h5" component="h1">
            Form sent
          </Typography>
        </Box>
        <Typography role="status">{FORM_MESSAGES.thankYou}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {form.formName} · {form.locationName}
        </Typography>
      </Frame>
    );

  const gone = isApiError(submit.error) && submit.error.status === 404;
  return (
    <Frame>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {form.practiceName === form.locationName ? form.locationName : `${form.practiceName} · ${form.locationName}`}
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        {form.formName}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        For {form.clientName}
        {form.patientName && ` about ${form.patientName}`}
      </Typography>
      {form.description && (
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>
          {form.description}
        </Typography>
      )}
      <ClientForm
        fields={form.fields}
        schema={form.schema}
        uiSchema={form.uiSchema}
        answers={answers}
        onAnswersChange={setAnswers}
        onSubmit={send}
        onRefused={checkSigner}
        disabled={submit.isPending || gone}
      >
        {form.needsSignerName && (
          <TextField
            label="Your full name"
            required
            fullWidth
            value={signerName}
            onChange={(e) => {
              setSignerName(e.target.value);
              setSignerError(undefined);
            }}
            error={Boolean(signerError)}
            helperText={signerError ?? 'The name of the person signing'}
            autoComplete="name"
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        )}
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {gone ? FORM_MESSAGES.linkInvalid : refusal}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={submit.isPending} disabled={gone} sx={{ mt: 2 }}>
          Submit
        </Button>
      </ClientForm>
    </Frame>
  );
}
