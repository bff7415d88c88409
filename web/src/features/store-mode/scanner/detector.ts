/**
 * The barcode reader for the camera (docs/product/store-mode.md#scanning): the browser's own
 * BarcodeDetector where it has one (Chrome on Android), else the WebAssembly reader, loaded
 * on first use. Nothing read from the camera leaves the device.
 */
export const SCAN_FORMATS = ['upc_a', 'upc_e', 'ean_13', 'ean_8', 'code_128', 'qr_code'] as const;

export interface BarcodeReader {
  detect(source: HTMLVideoElement | ImageBitmap | HTMLCanvasElement): Promise<{ rawValue: string }[]>;
  native: boolean;
}

interface NativeDetector {
  detect(source: unknown): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<BarcodeReader | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = new Set(await Native.getSupportedFormats());
    const formats = SCAN_FORMATS.filter((f) => supported.has(f));
    // A native reader without the retail formats is of no use at a shoe counter.
    if (!formats.includes('ean_13') || !formats.includes('upc_a')) return null;
    const detector = new Native({ formats: [...formats] });
    return { detect: (source) => detector.detect(source), native: true };
  } catch {
    return null;
  }
}

export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = await nativeReader();
  if (native) return native;
  const { createWasmReader } = await import('./wasm-detector');
  return createWasmReader(SCAN_FORMATS);
}
