import { useEffect, useId, useRef } from 'react';
import { Box, Button, FormHelperText, FormLabel, Stack } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import SignaturePad from 'signature_pad';

/** How tall the pad is: room for a signature on a phone held upright, without scrolling it away. */
const PAD_HEIGHT = 180;

/**
 * A drawn signature for a form (rjsf widget 'signature'): the client signs with a finger, a pen or
 * the mouse; the answer is the drawing as a PNG data URL, or nothing until something is drawn.
 * Clear starts again. The canvas follows its box's width (a phone turned, a window resized) and
 * keeps what was drawn.
 */
export function SignatureWidget({ id, value, onChange, disabled, readonly, required, label, hideLabel, rawErrors }: WidgetProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  // The latest onChange, for the pad's listener made once.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const hintId = useId();
  const locked = Boolean(disabled || readonly);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // White, not transparent: the PNG is printed on the submission's PDF and shown on dark screens.
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(20, 20, 60)' });
    padRef.current = pad;
    const fit = () => {
      // Drawn at the screen's pixel density so the lines are sharp; the strokes are kept and redrawn.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth;
      if (!width || canvas.width === Math.round(width * ratio)) return;
      const strokes = pad.toData();
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(PAD_HEIGHT * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    const ended = () => onChangeRef.current(pad.isEmpty() ? undefined : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', ended);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (locked) pad.off();
    else pad.on();
  }, [locked]);

  // Emptied from outside (the form reset): the pad follows.
  useEffect(() => {
    if (!value && padRef.current && !padRef.current.isEmpty()) padRef.current.clear();
  }, [value]);

  const clear = () => {
    padRef.current?.clear();
    onChange(undefined);
  };

  // The field's template shows the messages under the pad; the pad only turns red.
  const errors = rawErrors?.filter(Boolean) ?? [];
  return (
    <Box sx={{ width: '100%' }}>
      {!hideLabel && label && (
        <FormLabel htmlFor={id} required={required} error={errors.length > 0} sx={{ display: 'block', mb: 0.5 }}>
          {label}
        </FormLabel>
      )}
      <Box
        sx={{
          border: 1,
          borderColor: errors.length ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          position: 'relative',
          opacity: locked ? 0.6 : 1,
        }}
      >
        <canvas
          ref={canvasRef}
          id={id}
          role="img"
          aria-label={value ? `${label || 'Signature'}: signed` : `${label || 'Signature'}: draw your signature here`}
          aria-describedby={hintId}
          data-testid="signature-pad"
          style={{ display: 'block', width: '100%', height: PAD_HEIGHT, touchAction: 'none', cursor: locked ? 'default' : 'crosshair' }}
        />
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
        <FormHelperText id={hintId} sx={{ m: 0 }}>
          {value ? 'Signed' : 'Sign with your finger or mouse'}
        </FormHelperText>
        <Button size="small" onClick={clear} disabled={locked || !value}>
          Clear signature
        </Button>
      </Stack>
    </Box>
  );
}
