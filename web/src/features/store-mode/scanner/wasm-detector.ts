// The WebAssembly barcode reader, in its own chunk: loaded only when the camera opens on a
// browser without a native BarcodeDetector. Its .wasm file is one of the app's own assets
// (the package's default fetches it from a CDN, which fails offline and under our CSP).
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { BarcodeReader } from './detector';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

export function createWasmReader(formats: readonly string[]): BarcodeReader {
  const detector = new BarcodeDetector({ formats: formats as never });
  return { detect: (source) => detector.detect(source), native: false };
}
