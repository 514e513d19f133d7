import { Alert, Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { renderedHtmlDocument, type TemplatePreview, type TemplateProblem } from '@willow/contracts';
import { isApiError } from '../../lib/http-client';

/** A part the preview refused outright (422, over the render limits: 'parts.body: line 2: …') as a problem of it. */
function refusedPart(error: Error | null | undefined): TemplateProblem | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const m = /^parts\.(\w+): (?:line (\d+): )?(.+)$/s.exec(error.message);
  return m ? { part: m[1]!, line: m[2] ? Number(m[2]) : null, message: m[3]! } : null;
}

/**
 * The preview's problems as messages under their part's field: 'Line 3: Unknown merge field …';
 * a part it refused outright (a template over the render limits) is one of them.
 */
export function problemsByPart(problems: readonly TemplateProblem[] | undefined, error?: Error | null): Record<string, string> {
  const byPart: Record<string, string> = {};
  const refused = refusedPart(error);
  for (const p of refused ? [refused] : (problems ?? [])) {
    const text = p.line === null ? p.message : `Line ${p.line}: ${p.message}`;
    byPart[p.part] = byPart[p.part] ? `${byPart[p.part]} · ${text}` : text;
  }
  return byPart;
}

/**
 * The rendered HTML of a Markdown part. It comes from the server's Markdown renderer with the
 * user's own text in it, so it is shown in a sandboxed frame: no scripts, no forms, no
 * navigation of this page, whatever the HTML holds. The page around it is the one an email made
 * from the template carries.
 */
function HtmlFrame({ html, title }: { html: string; title: string }) {
  const doc = renderedHtmlDocument(html);
  return (
    <Box
      component="iframe"
      title={title}
      sandbox=""
      srcDoc={doc}
      sx={{ width: '100%', height: 260, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
    />
  );
}

interface TemplatePreviewPanelProps {
  /** the parts shown, in order, with their labels: e.g. [['subject', 'Subject'], ['body', 'Body']] */
  parts: readonly (readonly [string, string])[];
  preview: { data?: TemplatePreview | undefined; isFetching: boolean; error: Error | null };
}

/** The template as it will read, filled in with sample data. */
export function TemplatePreviewPanel({ parts, preview }: TemplatePreviewPanelProps) {
  const { data, isFetching, error } = preview;
  return (
    <Paper variant="outlined" component="section" aria-label="Preview" sx={{ p: 1.5, bgcolor: 'action.hover', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Preview with sample data
        </Typography>
        {isFetching && <CircularProgress size={14} aria-label="Updating preview" />}
      </Box>
      {error && !data && <Alert severity="warning">The preview is not available right now.</Alert>}
      {data && (
        <Stack spacing={1.5}>
          {parts.map(([part, label]) => {
            const html = data.parts[`${part}Html`];
            const text = data.parts[part] ?? '';
            return (
              <Box key={part} data-testid={`preview-${part}`}>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {label}
                </Typography>
                {html !== undefined ? (
                  <HtmlFrame html={html} title={`${label} preview`} />
                ) : (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {text || '—'}
                  </Typography>
                )}
              </Box>
            );
          })}
          {data.smsSegments !== null && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              With sample data: {data.smsSegments} {data.smsSegments === 1 ? 'segment' : 'segments'}
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
}
