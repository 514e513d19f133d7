import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery, useTheme } from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';

/** The camera and the detector exist only in a browser that has them (not jsdom, not an old phone). */
export const canUseCamera = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/**
 * The barcode reader, loaded only when Scan is pressed (the first page never carries it): the
 * BarcodeDetector ponyfill, whose ZXing wasm is a file of our own build (a Vite `?url` asset),
 * never fetched from a CDN, so the content security policy and offline use hold.
 */
async function loadDetector(): Promise<Detector> {
  const [{ BarcodeDetector, prepareZXingModule }, wasm] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm.default : prefix + path) } });
  return new BarcodeDetector({ formats: ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'data_matrix', 'qr_code', 'itf'] });
}

interface ScanButtonProps {
  onDetected: (code: string) => void;
  disabled?: boolean;
  label?: string;
}

/** "Scan barcode": opens the camera where the browser can; elsewhere the barcode is typed and the button is not offered. */
export function ScanButton({ onDetected, disabled, label = 'Scan barcode' }: ScanButtonProps) {
  const [open, setOpen] = useState(false);
  if (!canUseCamera()) return null;
  return (
    <>
      <Button startIcon={<QrCodeScannerIcon />} onClick={() => setOpen(true)} disabled={disabled} sx={{ flexShrink: 0 }}>
        {label}
      </Button>
      {open && (
        <ScanDialog
          onClose={() => setOpen(false)}
          onDetected={(code) => {
            setOpen(false);
            onDetected(code);
          }}
        />
      )}
    </>
  );
}

function ScanDialog({ onClose, onDetected }: { onClose: () => void; onDetected: (code: string) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const found = useRef(onDetected);
  found.current = onDetected;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        const detector = await loadDetector();
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const look = async () => {
          if (stopped || !video.current) return;
          const codes = await detector.detect(video.current).catch(() => []);
          const code = codes[0]?.rawValue;
          if (code) found.current(code);
          else timer = setTimeout(() => void look(), 200);
        };
        void look();
      } catch {
        if (!stopped) setProblem('The camera could not be opened. Type the barcode instead.');
      }
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="scan-title">
      <DialogTitle id="scan-title">Scan barcode</DialogTitle>
      <DialogContent>
        {problem ? (
          <Alert severity="warning">{problem}</Alert>
        ) : (
          <>
            <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 4, background: '#000' }} aria-label="Camera" />
            <Typography variant="body2" sx={{ mt: 1 }}>
              Hold the barcode in front of the camera.
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
